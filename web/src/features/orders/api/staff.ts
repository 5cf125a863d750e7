import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { csrfHeaders } from '@/lib/csrf';
import { orderKeys } from '@/lib/resources/orders/query-keys';

const staffKey = (status: string) => [...orderKeys.all, 'staff', status] as const;

export function getStaffOrders(status: string, signal?: AbortSignal) {
  return unwrap(api.GET('/api/v1/staff/orders', { params: { query: { status: status || undefined } }, signal }));
}

export const staffOrdersQueryOptions = (status: string) =>
  queryOptions({ queryKey: staffKey(status), queryFn: ({ signal }) => getStaffOrders(status, signal), retry: false });

export function useStaffOrders(status: string) {
  return useQuery(staffOrdersQueryOptions(status));
}

export function markPaid(number: string) {
  return unwrap(api.POST('/api/v1/staff/orders/{number}/mark-paid', { params: { path: { number } }, headers: csrfHeaders() }));
}

export function addShipment(number: string, carrier: string, tracking: string) {
  return unwrap(
    api.POST('/api/v1/staff/orders/{number}/shipments', {
      params: { path: { number } },
      body: { carrier, tracking_number: tracking, line_ids: [] },
      headers: csrfHeaders(),
    }),
  );
}

export function useStaffAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { kind: 'paid'; number: string } | { kind: 'ship'; number: string; carrier: string; tracking: string }) =>
      a.kind === 'paid' ? markPaid(a.number) : addShipment(a.number, a.carrier, a.tracking),
    onSuccess: () => client.invalidateQueries({ queryKey: [...orderKeys.all, 'staff'] }),
  });
}
