import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { csrfHeaders } from '@/lib/csrf';
import { creditKeys } from '@/lib/resources/credit/query-keys';
import type { CreditAccount } from '@/lib/resources/credit/types';

export type StaffCustomer = components['schemas']['StaffCustomer'];
export type OverdueInvoice = components['schemas']['OverdueInvoice'];
export type SetCreditTerms = components['schemas']['SetCreditTerms'];

/** `GET /staff/customers`: customers matching `q`, accounts with terms first. */
export function getStaffCustomers(q: string, withTerms: boolean, signal?: AbortSignal) {
  return unwrap(
    api.GET('/api/v1/staff/customers', {
      params: { query: { q: q || undefined, with_credit_terms: withTerms || undefined } },
      signal,
    }),
  );
}

export function useStaffCustomers(q: string, withTerms: boolean) {
  return useQuery(
    queryOptions({
      queryKey: creditKeys.staffCustomers(q, withTerms),
      queryFn: ({ signal }) => getStaffCustomers(q, withTerms, signal),
      retry: false,
      placeholderData: (previous) => previous,
    }),
  );
}

/** `GET /staff/credit/overdue`: credit-terms invoices past due, the longest overdue first. */
export function useOverdueInvoices() {
  return useQuery({
    queryKey: creditKeys.overdue(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/staff/credit/overdue', { signal })),
    retry: false,
  });
}

/** `GET /staff/customers/{id}/credit-terms`: one customer's credit account, staff view. */
export function useStaffCreditAccount(id: string) {
  return useQuery({
    queryKey: creditKeys.staffAccount(id),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/v1/staff/customers/{id}/credit-terms', { params: { path: { id } }, signal })),
    retry: false,
  });
}

/** Puts the answer in the cache and refreshes the lists (balances moved). */
function useSettleAccount(id: string) {
  const client = useQueryClient();
  return (account: CreditAccount) => {
    client.setQueryData(creditKeys.staffAccount(id), account);
    void client.invalidateQueries({ queryKey: [...creditKeys.all, 'staff', 'customers'] });
    void client.invalidateQueries({ queryKey: creditKeys.overdue() });
  };
}

/** `PUT /staff/customers/{id}/credit-terms`: set, change or (limit `null`) withdraw the terms. */
export function useSetCreditTerms(id: string) {
  const settle = useSettleAccount(id);
  return useMutation({
    mutationFn: (body: SetCreditTerms) =>
      unwrap(api.PUT('/api/v1/staff/customers/{id}/credit-terms', { params: { path: { id } }, body, headers: csrfHeaders() })),
    onSuccess: settle,
  });
}

/** `POST /staff/orders/{number}/credit-payment`: a payment received against a credit-terms invoice. */
export function useRecordCreditPayment(id: string) {
  const settle = useSettleAccount(id);
  return useMutation({
    mutationFn: (p: { number: string; amount_cents: number; reference: string }) =>
      unwrap(
        api.POST('/api/v1/staff/orders/{number}/credit-payment', {
          params: { path: { number: p.number } },
          body: { amount_cents: p.amount_cents, reference: p.reference },
          headers: csrfHeaders(),
        }),
      ),
    onSuccess: settle,
  });
}
