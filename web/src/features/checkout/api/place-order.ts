import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { csrfHeaders } from '@/lib/csrf';
import { checkoutKeys } from './query-keys';
import type { OrderDetail, PlaceOrderRequest } from './types';

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
      client.setQueryData(checkoutKeys.order(order.number), order);
      void client.invalidateQueries({ queryKey: checkoutKeys.all });
      void client.invalidateQueries({ queryKey: ['cart'] });
    },
  });
}
