import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { csrfHeaders } from '@/lib/csrf';
import { orderKeys } from '@/lib/resources/orders/query-keys';
import type { OrderDetail } from '@/lib/resources/orders/types';
import { type StaffOrderParams, staffOrderQuery } from '../lib/staff-order-params';

const staffKeys = {
  all: [...orderKeys.all, 'staff'] as const,
  list: (params: StaffOrderParams) => [...orderKeys.all, 'staff', 'list', params] as const,
  detail: (number: string) => [...orderKeys.all, 'staff', 'detail', number] as const,
};

export function getStaffOrders(params: StaffOrderParams, signal?: AbortSignal) {
  return unwrap(api.GET('/api/v1/staff/orders', { params: { query: staffOrderQuery(params) }, signal }));
}

export const staffOrdersQueryOptions = (params: StaffOrderParams) =>
  queryOptions({ queryKey: staffKeys.list(params), queryFn: ({ signal }) => getStaffOrders(params, signal), retry: false, placeholderData: keepPreviousData });

export function useStaffOrders(params: StaffOrderParams) {
  return useQuery(staffOrdersQueryOptions(params));
}

export function useStaffOrder(number: string) {
  return useQuery({
    queryKey: staffKeys.detail(number),
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/staff/orders/{number}', { params: { path: { number } }, signal })),
    retry: false,
  });
}

export function markPaid(number: string) {
  return unwrap(api.POST('/api/v1/staff/orders/{number}/mark-paid', { params: { path: { number } }, headers: csrfHeaders() }));
}

export function addShipment(number: string, carrier: string, tracking: string, lineIds: string[] = []) {
  return unwrap(
    api.POST('/api/v1/staff/orders/{number}/shipments', {
      params: { path: { number } },
      body: { carrier, tracking_number: tracking, line_ids: lineIds },
      headers: csrfHeaders(),
    }),
  );
}

export type StaffAction =
  | { kind: 'paid'; number: string }
  | { kind: 'ship'; number: string; carrier: string; tracking: string; lineIds?: string[] }
  | { kind: 'complete'; number: string }
  | { kind: 'cancel'; number: string; reason: string }
  | { kind: 'refund'; number: string; reason: string; lines: { line_id: string; qty: number }[] };

function run(a: StaffAction): Promise<OrderDetail> {
  const path = { params: { path: { number: a.number } }, headers: csrfHeaders() };
  switch (a.kind) {
    case 'paid':
      return markPaid(a.number);
    case 'ship':
      return addShipment(a.number, a.carrier, a.tracking, a.lineIds);
    case 'complete':
      return unwrap(api.POST('/api/v1/staff/orders/{number}/complete', path));
    case 'cancel':
      return unwrap(api.POST('/api/v1/staff/orders/{number}/cancel', { ...path, body: { reason: a.reason } }));
    case 'refund':
      return unwrap(api.POST('/api/v1/staff/orders/{number}/refunds', { ...path, body: { reason: a.reason, lines: a.lines } }));
  }
}

/** One staff write on an order; the answer (the order as it now is) replaces the cached detail. */
export function useStaffAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (order) => {
      if (order && typeof order === 'object' && 'number' in order) client.setQueryData(staffKeys.detail(order.number), order);
      return client.invalidateQueries({ queryKey: staffKeys.all });
    },
  });
}

export function useResendOrderEmail() {
  return useMutation({
    mutationFn: (number: string) =>
      unwrap(api.POST('/api/v1/staff/orders/{number}/resend-email', { params: { path: { number } }, headers: csrfHeaders() })),
  });
}

/** Staff's copy of a credit note (the buyer's is `credit_note_url`). */
export const staffCreditNoteUrl = (order: string, note: string) =>
  `/api/v1/staff/orders/${encodeURIComponent(order)}/credit-notes/${encodeURIComponent(note)}.pdf`;
