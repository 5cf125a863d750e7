import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { authKeys } from '@/lib/auth/session';
import { csrfHeaders } from '@/lib/csrf';
import { addressKeys } from '@/lib/resources/addresses/query-keys';
import { cartKeys } from '@/lib/resources/cart/query-keys';
import { checkoutKeys } from '@/lib/resources/checkout/query-keys';
import { orderKeys } from '@/lib/resources/orders/query-keys';
import type { OrderDetail } from '@/lib/resources/orders/types';

export type PavilionOrderRequest = components['schemas']['PavilionOrderRequest'];

/**
 * `POST /partner/pavilion/orders` (partners): the partner's cart, at partner prices, placed for an
 * end customer, with the attempt's Idempotency-Key (a retry of the same attempt reuses it). Answers
 * as checkout does: the order, or 402 `payment_requires_action` with the gateway's `redirect_url`,
 * 409/422 problems with fields under `end_customer.` and `order.`.
 */
export function placePavilionOrder(body: PavilionOrderRequest, idempotencyKey: string): Promise<OrderDetail> {
  return unwrap(
    api.POST('/api/v1/partner/pavilion/orders', {
      body,
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      headers: { ...csrfHeaders(), 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export function usePlacePavilionOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PavilionOrderRequest; key: string }) => placePavilionOrder(body, key),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.number), order);
      // The emptied cart, the order list, an address saved with the order, the partner's dashboard.
      void client.invalidateQueries({ queryKey: orderKeys.lists() });
      void client.invalidateQueries({ queryKey: cartKeys.all });
      void client.invalidateQueries({ queryKey: checkoutKeys.all });
      void client.invalidateQueries({ queryKey: addressKeys.all });
      void client.invalidateQueries({ queryKey: [...authKeys.all, 'partner'] });
    },
  });
}
