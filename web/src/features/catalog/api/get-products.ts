import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { listingUrl, type ListingApiQuery } from '../lib/listing-params';
import { takeEarly } from './early-answers';
import { catalogKeys } from './query-keys';
import type { ProductPage } from './types';

export async function getProducts(query: ListingApiQuery, signal?: AbortSignal): Promise<ProductPage> {
  return unwrap(api.GET('/api/v1/products', { params: { query }, signal }));
}

export const productsQueryOptions = (query: ListingApiQuery) =>
  queryOptions({
    queryKey: catalogKeys.productList(query),
    // The first read may use the request index.html started (prefetch-entry.ts).
    queryFn: async ({ signal }) => (await takeEarly<ProductPage>(listingUrl(query))) ?? getProducts(query, signal),
    // Keep showing the previous page while the next one loads: no layout shift.
    placeholderData: keepPreviousData,
  });

export function useProducts(query: ListingApiQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(query), ...options });
}
