import type { ListingApiQuery } from '../lib/listing-params';

/** Query keys of the catalogue (Medusa-style factory): invalidate by prefix, e.g. `catalogKeys.all`. */
export const catalogKeys = {
  all: ['catalog'] as const,
  stores: () => [...catalogKeys.all, 'stores'] as const,
  store: (code: string) => [...catalogKeys.stores(), code] as const,
  categories: () => [...catalogKeys.all, 'categories'] as const,
  category: (slug: string) => [...catalogKeys.categories(), slug] as const,
  products: () => [...catalogKeys.all, 'products'] as const,
  productList: (query: ListingApiQuery) => [...catalogKeys.products(), 'list', query] as const,
  product: (slug: string) => [...catalogKeys.products(), 'detail', slug] as const,
  search: (query: ListingApiQuery) => [...catalogKeys.all, 'search', query] as const,
  suggest: (q: string) => [...catalogKeys.all, 'suggest', q] as const,
  serial: (serial: string) => [...catalogKeys.all, 'serials', serial] as const,
};
