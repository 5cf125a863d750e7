import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ListingApiQuery } from '../lib/listing-params';
import { catalogKeys } from './query-keys';
import type { ProductPage } from './types';

export async function searchProducts(query: ListingApiQuery, signal?: AbortSignal): Promise<ProductPage> {
  return unwrap(
    api.GET('/api/v1/search', { params: { query: { ...query, q: query.q ?? '' } }, signal }),
  );
}

export const searchQueryOptions = (query: ListingApiQuery) =>
  queryOptions({
    queryKey: catalogKeys.search(query),
    queryFn: ({ signal }) => searchProducts(query, signal),
    placeholderData: keepPreviousData,
  });

export function useSearchProducts(query: ListingApiQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...searchQueryOptions(query), ...options });
}
