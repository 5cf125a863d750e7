import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { checkoutKeys } from './query-keys';

/** The signed-in account, or a 401 problem for guests. */
export function getMe(signal?: AbortSignal) {
  return unwrap(api.GET('/api/v1/me', { signal }));
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: checkoutKeys.me(), queryFn: ({ signal }) => getMe(signal), retry: false });

export function useMe() {
  return useQuery(meQueryOptions());
}
