import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { orderKeys } from './query-keys';

export function getOrder(number: string, signal?: AbortSignal) {
  return unwrap(api.GET('/api/v1/orders/{number}', { params: { path: { number } }, signal }));
}

export const orderQueryOptions = (number: string) =>
  queryOptions({ queryKey: orderKeys.detail(number), queryFn: ({ signal }) => getOrder(number, signal), retry: false });

export function useOrder(number: string) {
  return useQuery(orderQueryOptions(number));
}
