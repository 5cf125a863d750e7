import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { CheckoutOptions } from '@/lib/resources/checkout/types';
import type { OrderDetail } from '@/lib/resources/orders/types';
import { orderKeys } from '@/lib/resources/orders/query-keys';
import { deviceKeys } from '@/lib/resources/devices/query-keys';
import { type CartSlot, mobileKeys } from './cart-keys';

export type PlaceOrderRequest = components['schemas']['PlaceOrderRequest'];

/** `GET /checkout/options?cart=slot`: payment methods and the priced lines of one of the app's carts. */
export function getMobileCheckoutOptions(slot: CartSlot, taxState?: string, signal?: AbortSignal): Promise<CheckoutOptions> {
  return unwrap(
    api.GET('/api/v1/checkout/options', { params: { query: { cart: slot, ...(taxState ? { tax_state: taxState } : {}) } }, signal }),
  );
}

export function useMobileCheckoutOptions(slot: CartSlot, taxState: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: mobileKeys.options(slot, taxState),
    queryFn: ({ signal }) => getMobileCheckoutOptions(slot, taxState, signal),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** `POST /orders?cart=slot` with the attempt's Idempotency-Key (a retry of the same attempt reuses it). */
export function placeMobileOrder(slot: CartSlot, body: PlaceOrderRequest, key: string): Promise<OrderDetail> {
  return unwrap(
    api.POST('/api/v1/orders', {
      body,
      params: { query: { cart: slot }, header: { 'Idempotency-Key': key } },
    }),
  );
}

export function usePlaceMobileOrder(slot: CartSlot) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PlaceOrderRequest; key: string }) => placeMobileOrder(slot, body, key),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.number), order);
      void client.invalidateQueries({ queryKey: mobileKeys.all });
      void client.invalidateQueries({ queryKey: deviceKeys.all });
      void client.invalidateQueries({ queryKey: orderKeys.lists() });
    },
  });
}
