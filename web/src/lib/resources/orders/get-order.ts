import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { orderKeys } from './query-keys';
import type { OrderDetail } from './types';

/** `GET /orders/{number}`: one of the customer's orders. */
export function getOrder(number: string, signal?: AbortSignal): Promise<OrderDetail> {
  return unwrap(api.GET('/api/v1/orders/{number}', { params: { path: { number } }, signal }));
}

/** How often a paid order whose digital items are being delivered is read again. */
export const DELIVERY_POLL_MS = 1500;

/** True while a paid order's digital items are being delivered (they appear within seconds). */
export function isDelivering(order: OrderDetail | undefined): boolean {
  return order?.delivery === 'pending' && order.awaiting_delivery;
}

export const orderQueryOptions = (number: string) =>
  queryOptions({
    queryKey: orderKeys.detail(number),
    queryFn: ({ signal }) => getOrder(number, signal),
    retry: false,
    // Poll until delivery is done, so keys, plans and eSIMs show as soon as they exist.
    refetchInterval: (query) => (isDelivering(query.state.data) ? DELIVERY_POLL_MS : false),
  });

export function useOrder(number: string) {
  return useQuery(orderQueryOptions(number));
}
