import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { takeEarly } from './early-answers';
import { catalogKeys } from './query-keys';
import type { ProductDetail } from './types';

/** The API address of a product: the key the early request (early-answers.ts) is taken by. */
export function productUrl(slug: string): string {
  return `/api/v1/products/${encodeURIComponent(slug)}`;
}

export async function getProduct(slug: string, signal?: AbortSignal): Promise<ProductDetail> {
  return unwrap(api.GET('/api/v1/products/{slug}', { params: { path: { slug } }, signal }));
}

export const productQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: catalogKeys.product(slug),
    // The first read of the page's product may use the request index.html started (prefetch-entry.ts).
    queryFn: async ({ signal }) => (await takeEarly<ProductDetail>(productUrl(slug))) ?? getProduct(slug, signal),
  });

export function useProduct(slug: string) {
  return useQuery(productQueryOptions(slug));
}
