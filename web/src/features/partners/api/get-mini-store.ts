import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { partnerKeys } from './query-keys';
import type { MiniStoreDetail } from './types';

/** `GET /partner/mini-stores/{key}` (partners): one of their mini-stores with its products, prices and floors. */
export function getMiniStore(key: string, signal?: AbortSignal): Promise<MiniStoreDetail> {
  return unwrap(api.GET('/api/v1/partner/mini-stores/{key}', { params: { path: { key } }, signal }));
}

export const miniStoreQueryOptions = (key: string) =>
  queryOptions({ queryKey: partnerKeys.miniStore(key), queryFn: ({ signal }) => getMiniStore(key, signal) });

export function useMiniStore(key: string) {
  return useQuery(miniStoreQueryOptions(key));
}
