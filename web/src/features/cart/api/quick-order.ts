import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { cartKeys } from '@/lib/resources/cart/query-keys';

export type QuickOrderRequest = components['schemas']['QuickOrderRequest'];
export type QuickOrderResponse = components['schemas']['QuickOrderResponse'];
export type QuickOrderRowResult = components['schemas']['QuickOrderRowResult'];

export function postQuickOrder(body: QuickOrderRequest): Promise<QuickOrderResponse> {
  return unwrap(api.POST('/api/v1/cart/quick-order', { body }));
}

/** Checks (dry run) or adds all valid rows in one go; the cart caches get the new cart. */
export function useQuickOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postQuickOrder,
    onSuccess: (result, variables) => {
      if (!variables.dry_run) {
        queryClient.setQueryData(cartKeys.detail(), result.cart);
        void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      }
    },
  });
}
