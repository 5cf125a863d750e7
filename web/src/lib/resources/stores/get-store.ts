import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { storeKeys } from './query-keys';
import type { StoreDto } from './types';

/**
 * `GET /stores/{code}`: an eStore by code or a mini-store by key. A paused mini-store answers 404
 * `store_paused`, an unknown key 404 `not_found`.
 */
export function getStore(code: string, signal?: AbortSignal): Promise<StoreDto> {
  return unwrap(api.GET('/api/v1/stores/{code}', { params: { path: { code } }, signal }));
}

export const storeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: storeKeys.detail(code),
    queryFn: ({ signal }) => getStore(code, signal),
    // Branding edits show on the next page load; a paused store is noticed then too.
    staleTime: 60_000,
  });

export function useStoreDetail(code: string | null) {
  return useQuery({ ...storeQueryOptions(code ?? ''), enabled: code !== null });
}
