import { type FormEvent, useState } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';
import { StaffNotice } from '@/components/staff-notice';
import { Button, buttonClassName } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { SCROLL_TO_TOP } from '@/lib/scroll-to-top';
import { formatDateTime } from '@/lib/time-format';
import { useAuditLog } from '../api/backoffice';
import {
  AUDIT_LIMITS,
  type AuditLogParams,
  activeAuditFilters,
  auditLogCsvUrl,
  auditLogSearch,
  parseAuditLogParams,
} from '../lib/audit-log-params';

const FIELDS = [
  { key: 'actor', label: 'Staff member (e-mail)', type: 'search' },
  { key: 'action', label: 'Action (e.g. order.refund)', type: 'search' },
  { key: 'resource_type', label: 'Resource type', type: 'search' },
  { key: 'resource_id', label: 'Resource id or number', type: 'search' },
  { key: 'from', label: 'From day', type: 'date' },
  { key: 'to', label: 'To day', type: 'date' },
] as const;

const json = (v: unknown) => (v === undefined || v === null ? '—' : JSON.stringify(v, null, 2));

/** `/admin/audit-log` (admin): every staff write, newest first, filtered by who, what, which resource and when; CSV export. */
export default function AuditLogPage() {
  const [search, setSearch] = useSearchParams();
  const params = parseAuditLogParams(search);
  const log = useAuditLog(params);
  const [draft, setDraft] = useState(params);
  const go = (next: AuditLogParams, options?: NavigateOptions) => {
    setDraft(next);
    setSearch(auditLogSearch(next), options);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    go({ ...draft, before: null });
  };
  const items = log.data?.items ?? [];
  const filters = activeAuditFilters(params);
  return (
    <div className="admin-page">
      <title>Audit log — Back office — Uplink</title>
      <div className="admin-head">
        <h1>Audit log</h1>
        <div className="admin-head__actions">
          <a href={auditLogCsvUrl(params)} download="audit-log.csv" className={buttonClassName({ variant: 'secondary' })}>
            Export CSV
          </a>
        </div>
      </div>
      <p className="muted">Every staff change, who made it and what it was before and after. Entries can’t be changed or deleted.</p>
      <form role="search" aria-label="Audit log" className="admin-toolbar" onSubmit={onSubmit}>
        {FIELDS.map((f) => (
          <Input key={f.key} label={f.label} type={f.type} value={draft[f.key]} onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })} />
        ))}
        <Select
          label="Per page"
          value={String(draft.limit)}
          onChange={(e) => go({ ...params, before: null, limit: Number(e.target.value) })}
          options={AUDIT_LIMITS.map((n) => ({ value: String(n), label: String(n) }))}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {filters > 0 && (
          <Button variant="ghost" onClick={() => go({ ...parseAuditLogParams(new URLSearchParams()), limit: params.limit })}>
            Clear {filters === 1 ? 'the filter' : `${filters} filters`}
          </Button>
        )}
      </form>
      <p role="status" aria-live="polite" className="muted" data-testid="audit-status">
        {log.data ? `${items.length === 0 ? 'No' : items.length} entr${items.length === 1 ? 'y' : 'ies'}${params.before ? ' on this page' : ''}${filters ? (items.length === 1 ? ' matches' : ' match') : ''}.` : ''}
      </p>
      {log.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading the audit log…</span>
          <Skeleton height="16rem" />
        </div>
      ) : log.isError ? (
        <StaffNotice role="admin" error={log.error} what="the audit log" onRetry={() => void log.refetch()} />
      ) : items.length === 0 ? (
        <p className="form-alert form-alert--info">No entry matches. Change the filters or clear them.</p>
      ) : (
        <table className="data-table audit-log" data-testid="audit-log" aria-busy={log.isFetching || undefined}>
          <caption className="visually-hidden">Audit log entries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Resource</th>
              <th scope="col">Summary</th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.id} data-testid="audit-entry">
                <td data-label="When">{formatDateTime(e.at)}</td>
                <td data-label="Who" className="audit-who">
                  {e.actor_email}
                </td>
                <td data-label="Action" className="data-table__key">
                  {e.action}
                </td>
                <td data-label="Resource" className="data-table__key">
                  {e.resource_type} {e.resource_id}
                </td>
                <td data-label="Summary" className="audit-summary">
                  {e.summary}
                  {(e.before != null || e.after != null) && (
                    <details className="audit-change">
                      <summary>Before and after</summary>
                      <div className="audit-change__cols">
                        <div>
                          <p className="muted">Before</p>
                          <pre tabIndex={0}>{json(e.before)}</pre>
                        </div>
                        <div>
                          <p className="muted">After</p>
                          <pre tabIndex={0}>{json(e.after)}</pre>
                        </div>
                      </div>
                    </details>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {log.data && (params.before !== null || log.data.next_before != null) && (
        <nav className="admin-pager" aria-label="Pages of the audit log">
          <div className="admin-head__actions">
            {params.before !== null && (
              <Button variant="secondary" onClick={() => go({ ...params, before: null }, { state: SCROLL_TO_TOP })}>
                Newest entries
              </Button>
            )}
            {log.data.next_before != null && (
              <Button variant="secondary" onClick={() => go({ ...params, before: log.data.next_before ?? null }, { state: SCROLL_TO_TOP })}>
                Next page
              </Button>
            )}
          </div>
        </nav>
      )}
    </div>
  );
}
