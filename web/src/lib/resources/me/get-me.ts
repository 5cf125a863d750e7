import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { meKeys } from './query-keys';
import type { MeResponse } from './types';

/** `GET /me`: the signed-in account, or a 401 problem for guests. */
export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return unwrap(api.GET('/api/v1/me', { signal }));
}

export const meQueryOptions = () => queryOptions({ queryKey: meKeys.detail(), queryFn: ({ signal }) => getMe(signal) });

export function useMe() {
  return useQuery(meQueryOptions());
}
