import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { takeEarlyProduct } from './product-prefetch';
import { catalogKeys } from './query-keys';
import type { ProductDetail } from './types';

export async function getProduct(slug: string, signal?: AbortSignal): Promise<ProductDetail> {
  return unwrap(api.GET('/api/v1/products/{slug}', { params: { path: { slug } }, signal }));
}

export const productQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: catalogKeys.product(slug),
    // The first read of the page's product uses the request index.html started (product-prefetch.ts).
    queryFn: async ({ signal }) => (await takeEarlyProduct(slug)) ?? getProduct(slug, signal),
  });

export function useProduct(slug: string) {
  return useQuery(productQueryOptions(slug));
}
