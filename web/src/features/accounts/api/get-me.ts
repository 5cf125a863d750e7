import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/session';
import type { MeResponse } from './types';

/** `GET /me`: the signed-in account. */
export async function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return unwrap(api.GET('/api/v1/me', { signal }));
}

export const meQueryOptions = () => queryOptions({ queryKey: authKeys.me(), queryFn: ({ signal }) => getMe(signal) });

export function useMe() {
  return useQuery(meQueryOptions());
}
