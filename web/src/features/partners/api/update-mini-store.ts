import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { storeKeys } from '@/lib/resources/stores/query-keys';
import { partnerKeys } from './query-keys';
import type { MiniStoreDetail, MiniStoreUpdate } from './types';

/**
 * `PATCH /partner/mini-stores/{key}` (partners): branding, open or paused, and the whole product
 * list with prices (never below the floor: 422 `price_below_floor` on `products[i].price_cents`).
 */
export function updateMiniStore(key: string, body: MiniStoreUpdate): Promise<MiniStoreDetail> {
  return unwrap(api.PATCH('/api/v1/partner/mini-stores/{key}', { params: { path: { key } }, body }));
}

/** Saves a mini-store; the editor, the dashboard and the storefront's view of the store follow at once. */
export function useUpdateMiniStore(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MiniStoreUpdate) => updateMiniStore(key, body),
    onSuccess: (store) => {
      client.setQueryData(partnerKeys.miniStore(key), store);
      void client.invalidateQueries({ queryKey: partnerKeys.dashboard() });
      void client.invalidateQueries({ queryKey: partnerKeys.miniStores() });
      void client.invalidateQueries({ queryKey: storeKeys.all });
    },
  });
}
