import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { orderKeys } from './query-keys';

export interface OrderListQuery {
  status?: string;
  from?: string;
  to?: string;
  q?: string;
  page?: string;
}

export function getOrders(query: OrderListQuery, signal?: AbortSignal) {
  return unwrap(
    api.GET('/api/v1/orders', {
      params: {
        query: {
          status: query.status || undefined,
          from: query.from || undefined,
          to: query.to || undefined,
          q: query.q || undefined,
          page: query.page ? Number(query.page) : undefined,
        },
      },
      signal,
    }),
  );
}

export const ordersQueryOptions = (query: OrderListQuery) =>
  queryOptions({
    queryKey: orderKeys.list(query as Record<string, string>),
    queryFn: ({ signal }) => getOrders(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useOrders(query: OrderListQuery) {
  return useQuery(ordersQueryOptions(query));
}
