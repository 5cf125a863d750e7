import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { csrfHeaders } from '@/lib/csrf';
import { addressKeys } from '@/lib/resources/addresses/query-keys';
import { cartKeys } from '@/lib/resources/cart/query-keys';
import { meKeys } from '@/lib/resources/me/query-keys';
import { orderKeys } from '@/lib/resources/orders/query-keys';
import type { OrderDetail } from '@/lib/resources/orders/types';
import { checkoutKeys } from '@/lib/resources/checkout/query-keys';
import type { PlaceOrderRequest } from './types';

/** `POST /orders` with the attempt's Idempotency-Key (a retry of the same attempt reuses it). */
export function placeOrder(body: PlaceOrderRequest, idempotencyKey: string): Promise<OrderDetail> {
  return unwrap(
    api.POST('/api/v1/orders', {
      body,
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      headers: { ...csrfHeaders(), 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PlaceOrderRequest; key: string }) => placeOrder(body, key),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.number), order);
      // The order list, the emptied cart, an address saved with the order, the account's credit.
      void client.invalidateQueries({ queryKey: orderKeys.lists() });
      void client.invalidateQueries({ queryKey: cartKeys.all });
      void client.invalidateQueries({ queryKey: addressKeys.all });
      void client.invalidateQueries({ queryKey: meKeys.all });
      void client.invalidateQueries({ queryKey: checkoutKeys.all });
    },
  });
}
