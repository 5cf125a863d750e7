import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { partnerKeys } from './query-keys';
import type { Suggestions } from './types';

/**
 * `GET /search/suggest?store=…` in the mini-store's region store (`global` or `us`): up to 8
 * products to add, an exact SKU first.
 */
export function searchProducts(store: string, q: string, signal?: AbortSignal): Promise<Suggestions> {
  return unwrap(api.GET('/api/v1/search/suggest', { params: { query: { store, q } }, signal }));
}

export const productSearchQueryOptions = (store: string, q: string) =>
  queryOptions({
    queryKey: partnerKeys.productSearch(store, q),
    queryFn: ({ signal }) => searchProducts(store, q, signal),
    staleTime: 60_000,
  });

export function useProductSearch(store: string, q: string) {
  return useQuery({ ...productSearchQueryOptions(store, q), enabled: q.trim().length >= 2, placeholderData: keepPreviousData });
}
