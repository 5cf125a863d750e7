import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { csrfHeaders } from '@/lib/csrf';
import type { components } from '@/lib/api/schema';
import { authKeys } from '@/lib/auth/session';

export type CustomerDetail = components['schemas']['CustomerDetail'];

const key = (id: string) => [...authKeys.all, 'staff-customer', id] as const;

export function useStaffCustomer(id: string) {
  return useQuery({
    queryKey: key(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/staff/customers/{id}', { params: { path: { id } }, signal })),
    retry: false,
  });
}

export type CustomerChange = { kind: 'roles'; roles: string[] } | { kind: 'disable'; reason: string } | { kind: 'enable' };

/** Admins' changes to an account; the answer replaces the cached customer. */
export function useCustomerChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: CustomerChange) => {
      const path = { params: { path: { id } }, headers: csrfHeaders() };
      if (c.kind === 'roles') return unwrap(api.PUT('/api/v1/admin/customers/{id}/roles', { ...path, body: { roles: c.roles } }));
      if (c.kind === 'disable') return unwrap(api.POST('/api/v1/admin/customers/{id}/disable', { ...path, body: { reason: c.reason } }));
      return unwrap(api.POST('/api/v1/admin/customers/{id}/enable', path));
    },
    onSuccess: (customer) => client.setQueryData(key(id), customer),
  });
}

/** What the customer sees (read-only); the server records the look in the audit log. */
export function useViewAs(id: string) {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/staff/customers/{id}/view-as', { params: { path: { id } }, headers: csrfHeaders() })),
  });
}
