import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { catalogKeys } from './query-keys';
import type { Store } from './types';

export async function getStore(code: string, signal?: AbortSignal): Promise<Store> {
  const store = await unwrap(api.GET('/api/v1/stores/{code}', { params: { path: { code } }, signal }));
  return store;
}

export const storeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: catalogKeys.store(code),
    queryFn: ({ signal }) => getStore(code, signal),
    staleTime: 10 * 60_000,
  });

export function useStore(code: string) {
  return useQuery(storeQueryOptions(code));
}
