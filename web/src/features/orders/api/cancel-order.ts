import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { csrfHeaders } from '@/lib/csrf';
import { orderKeys } from '@/lib/resources/orders/query-keys';

export function cancelOrder(number: string) {
  return unwrap(api.POST('/api/v1/orders/{number}/cancel', { params: { path: { number } }, headers: csrfHeaders() }));
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.number), order);
      void client.invalidateQueries({ queryKey: orderKeys.lists() });
    },
  });
}
