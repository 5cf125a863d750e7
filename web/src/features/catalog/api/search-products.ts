import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ListingApiQuery } from '../lib/listing-params';
import { catalogKeys } from './query-keys';
import type { ProductPage, ProductsQuery } from './types';

export async function searchProducts(query: ListingApiQuery, signal?: AbortSignal): Promise<ProductPage> {
  const page = await unwrap(
    api.GET('/api/v1/search', { params: { query: query as ProductsQuery & { q: string } }, signal }),
  );
  return page as unknown as ProductPage;
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
