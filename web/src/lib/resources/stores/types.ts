import type { components } from '@/lib/api/schema';

/** A store as the API answers it: an eStore, or a partner's mini-store with its branding. */
export type StoreDto = components['schemas']['StoreDto'];
/** `GET /stores`: the eStores and the store the request resolved to. */
export type StoreList = components['schemas']['StoreList'];
export type StoreBranding = components['schemas']['StoreBranding'];
