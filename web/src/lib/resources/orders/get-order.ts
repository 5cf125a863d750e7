import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { orderKeys } from './query-keys';
import type { OrderDetail } from './types';

/** `GET /orders/{number}`: one of the customer's orders. */
export function getOrder(number: string, signal?: AbortSignal): Promise<OrderDetail> {
  return unwrap(api.GET('/api/v1/orders/{number}', { params: { path: { number } }, signal }));
}

export const orderQueryOptions = (number: string) =>
  queryOptions({ queryKey: orderKeys.detail(number), queryFn: ({ signal }) => getOrder(number, signal), retry: false });

export function useOrder(number: string) {
  return useQuery(orderQueryOptions(number));
}
