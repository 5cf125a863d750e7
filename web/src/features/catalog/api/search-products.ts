import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingApiQuery } from '../lib/listing-params';
import { getJson } from './http';
import { catalogKeys } from './query-keys';
import type { ProductPage } from './types';

export function searchProducts(query: ListingApiQuery, signal?: AbortSignal): Promise<ProductPage> {
  return getJson<ProductPage>('/api/v1/search', query, signal);
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
