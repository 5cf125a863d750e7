import { useQueries } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { mobileKeys } from './cart-keys';

export type SerialLookup = components['schemas']['SerialLookup'];
export type ProductCard = components['schemas']['ProductCard'];
export type ProductDetail = components['schemas']['ProductDetail'];

/** `GET /serials/{serial}`: what one device can take (plans, care, licences) in the current store. */
export function getSerial(serial: string, signal?: AbortSignal): Promise<SerialLookup> {
  return unwrap(api.GET('/api/v1/serials/{serial}', { params: { path: { serial } }, signal }));
}

/** The eligible products of each of `serials` (one query per device, answers in the same order). */
export function useSerialLookups(serials: string[]) {
  return useQueries({
    queries: serials.map((serial) => ({
      queryKey: [...mobileKeys.all, 'serial', serial] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => getSerial(serial, signal),
      staleTime: 5 * 60_000,
    })),
  });
}

/** `GET /products/{slug}`: a product's term (care plans) and validity. */
export function getProduct(slug: string, signal?: AbortSignal): Promise<ProductDetail> {
  return unwrap(api.GET('/api/v1/products/{slug}', { params: { path: { slug } }, signal }));
}

export function useProducts(slugs: string[]) {
  return useQueries({
    queries: slugs.map((slug) => ({
      queryKey: [...mobileKeys.all, 'product', slug] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => getProduct(slug, signal),
      staleTime: 5 * 60_000,
    })),
  });
}

/** `GET /products?type=esim-data`: eSIM data bundles sold in the current store. */
export function getEsimData(signal?: AbortSignal) {
  return unwrap(api.GET('/api/v1/products', { params: { query: { type: ['esim-data'], page_size: 48 } }, signal }));
}
