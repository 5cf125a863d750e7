import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { csrfHeaders } from '@/lib/csrf';
import { addressKeys } from '@/lib/resources/addresses/query-keys';
import { checkoutKeys } from '@/lib/resources/checkout/query-keys';
import { creditKeys } from '@/lib/resources/credit/query-keys';
import { orderKeys } from '@/lib/resources/orders/query-keys';
import type { OrderDetail } from '@/lib/resources/orders/types';
import { quotationKeys } from '@/lib/resources/quotations/query-keys';
import type { components } from '@/lib/api/schema';

export type PlaceOrderRequest = components['schemas']['PlaceOrderRequest'];

/**
 * `POST /quotations/{number}/pay`: checkout's body and `Idempotency-Key` (a retry of the same
 * attempt reuses it); the answer is the order at the quoted prices.
 */
export function payQuotation(number: string, body: PlaceOrderRequest, idempotencyKey: string): Promise<OrderDetail> {
  return unwrap(
    api.POST('/api/v1/quotations/{number}/pay', {
      params: { path: { number }, header: { 'Idempotency-Key': idempotencyKey } },
      body,
      headers: { ...csrfHeaders(), 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export function usePayQuotation(number: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PlaceOrderRequest; key: string }) => payQuotation(number, body, key),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.number), order);
      // The quotation is ordered now; the order list, an address saved with it and the credit moved
      // (and with it which payment methods checkout offers).
      void client.invalidateQueries({ queryKey: quotationKeys.all });
      // The paid quotation's own options are only marked stale: asking for them again (the page
      // is still mounted until it moves on) would be a 409, since the quotation is ordered now.
      const paidOptions = checkoutKeys.of(number);
      void client.invalidateQueries({ queryKey: paidOptions, refetchType: 'none' });
      void client.invalidateQueries({
        queryKey: checkoutKeys.all,
        predicate: (query) => query.queryKey[2] !== paidOptions[2],
      });
      void client.invalidateQueries({ queryKey: orderKeys.lists() });
      void client.invalidateQueries({ queryKey: addressKeys.all });
      void client.invalidateQueries({ queryKey: creditKeys.all });
    },
  });
}
