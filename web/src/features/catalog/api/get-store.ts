import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http';
import { catalogKeys } from './query-keys';
import type { Store } from './types';

export function getStore(code: string, signal?: AbortSignal): Promise<Store> {
  return getJson<Store>(`/api/v1/stores/${encodeURIComponent(code)}`, undefined, signal);
}

export const storeQueryOptions = (code: string) =>
  queryOptions({ queryKey: catalogKeys.store(code), queryFn: ({ signal }) => getStore(code, signal), staleTime: 10 * 60_000 });

export function useStore(code: string) {
  return useQuery(storeQueryOptions(code));
}
