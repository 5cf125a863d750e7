import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http';
import { catalogKeys } from './query-keys';
import type { ProductDetail } from './types';

export function getProduct(slug: string, signal?: AbortSignal): Promise<ProductDetail> {
  return getJson<ProductDetail>(`/api/v1/products/${encodeURIComponent(slug)}`, undefined, signal);
}

export const productQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: catalogKeys.product(slug),
    queryFn: ({ signal }) => getProduct(slug, signal),
  });

export function useProduct(slug: string) {
  return useQuery(productQueryOptions(slug));
}
