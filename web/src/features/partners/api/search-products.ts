import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { partnerKeys } from './query-keys';
import type { MiniStoreProduct } from './types';

/**
 * `GET /partner/mini-stores/{key}/candidates?q=` (partners): up to 20 products of the mini-store's
 * region the partner may add, found by the catalogue search, each with its list price and floor.
 */
export function searchCandidates(key: string, q: string, signal?: AbortSignal): Promise<MiniStoreProduct[]> {
  return unwrap(api.GET('/api/v1/partner/mini-stores/{key}/candidates', { params: { path: { key }, query: { q } }, signal }));
}

export const candidateSearchQueryOptions = (key: string, q: string) =>
  queryOptions({
    queryKey: partnerKeys.productSearch(key, q),
    queryFn: ({ signal }) => searchCandidates(key, q, signal),
    staleTime: 60_000,
  });

export function useCandidateSearch(key: string, q: string) {
  return useQuery({ ...candidateSearchQueryOptions(key, q), enabled: q.trim().length >= 2, placeholderData: keepPreviousData });
}
