import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { csrfHeaders } from '@/lib/csrf';
import { type AuditLogParams, auditLogQuery } from '../lib/audit-log-params';
import { adminKeys } from './query-keys';

const keys = {
  audit: (params: AuditLogParams) => [...adminKeys.all, 'audit-log', params] as const,
  outbox: () => [...adminKeys.all, 'outbox'] as const,
  outboxList: (q: string, status: string, before: string) => [...adminKeys.all, 'outbox', q, status, before] as const,
};

export function useAuditLog(params: AuditLogParams) {
  return useQuery({
    queryKey: keys.audit(params),
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/admin/audit-log', { params: { query: auditLogQuery(params) }, signal })),
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(q: string, status: string, before: string) {
  return useQuery({
    queryKey: keys.outboxList(q, status, before),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/v1/admin/outbox', {
          params: { query: { q: q || undefined, status: status || undefined, before: before || undefined, limit: 50 } },
          signal,
        }),
      ),
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useResendOutbox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/v1/admin/outbox/{id}/resend', { params: { path: { id } }, headers: csrfHeaders() })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.outbox() }),
  });
}
