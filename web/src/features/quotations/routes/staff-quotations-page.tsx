import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QuotationStatusBadge } from '@/components/quotation-status-badge';
import { StaffNotice } from '@/components/staff-notice';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import type { QuotationSummary } from '@/lib/resources/quotations/types';
import { formatDate } from '@/lib/time-format';
import { useStaffQuotations } from '../api/staff-quotations';
import { STAFF_FILTERS, staffFilter } from '../lib/filters';
import { daysSince, itemsText } from '../lib/format';
import '../quotations.css';

function waitingText(r: QuotationSummary): string {
  if (!r.submitted_at) return 'Not submitted';
  const days = daysSince(r.submitted_at);
  return days === 0 ? 'Submitted today' : `Waiting ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** A whole number of days from 0 to 365, or null for "any". */
function parseDays(text: string | null): number | null | 'invalid' {
  const t = (text ?? '').trim();
  if (!t) return null;
  if (!/^\d{1,3}$/.test(t) || Number(t) > 365) return 'invalid';
  return Number(t);
}

/** `/admin/quotations` (sales): the queue, the longest waiting first; status, age and search in the URL. */
export default function StaffQuotationsPage() {
  const [params, setParams] = useSearchParams();
  const filter = staffFilter(params.get('status'));
  const q = params.get('q') ?? '';
  const days = parseDays(params.get('older_than_days'));
  const [text, setText] = useState(q);
  const [daysText, setDaysText] = useState(params.get('older_than_days') ?? '');
  const [daysError, setDaysError] = useState<string | null>(null);
  const queue = useStaffQuotations({ statuses: filter.statuses, q, olderThanDays: typeof days === 'number' ? days : null });

  const apply = (status: string, search: string, age: string) => {
    const parsed = parseDays(age);
    if (parsed === 'invalid') {
      setDaysError('Enter a whole number of days from 0 to 365, or leave it empty.');
      document.getElementById('q-older-than')?.focus();
      return;
    }
    setDaysError(null);
    const next = new URLSearchParams();
    if (status) next.set('status', status);
    if (search.trim()) next.set('q', search.trim());
    if (parsed !== null) next.set('older_than_days', String(parsed));
    setParams(next, { replace: true });
  };
  const rows = queue.data ?? [];

  return (
    <div className="container page q-staff">
      <h1>Quotations queue</h1>
      <p className="muted">Quotations waiting for sales come first, the longest waiting at the top. Opening one puts it in review with you as its sales person.</p>
      <form
        className="q-queue-filters"
        role="search"
        aria-label="Filter the quotations queue"
        onSubmit={(e) => {
          e.preventDefault();
          apply(filter.value, text, daysText);
        }}
      >
        <Select
          label="Status"
          value={filter.value}
          options={STAFF_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
          onChange={(e) => apply(e.target.value, text, daysText)}
        />
        <Input
          id="q-older-than"
          label="Waiting more than (days)"
          inputMode="numeric"
          value={daysText}
          error={daysError ?? undefined}
          onChange={(e) => setDaysText(e.target.value)}
        />
        <Input label="Search" hint="Number, product, customer e-mail, name or company" value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </form>
      <p className="q-live" role="status">
        {queue.data ? `${rows.length} ${rows.length === 1 ? 'quotation' : 'quotations'}.` : ''}
      </p>
      {queue.isPending ? (
        <div aria-busy="true" aria-label="Loading the queue">
          <Skeleton height="10rem" />
        </div>
      ) : queue.isError ? (
        <StaffNotice error={queue.error} onRetry={() => void queue.refetch()} what="quotations" />
      ) : rows.length === 0 ? (
        <p>{filter.value === '' && !q && days === null ? 'Nothing is waiting: every submitted quotation has been answered.' : 'No quotation matches these filters.'}</p>
      ) : (
        <table className="data-table q-table" aria-busy={queue.isFetching}>
          <caption>{filter.label}</caption>
          <thead>
            <tr>
              <th scope="col">Quotation</th>
              <th scope="col">Customer</th>
              <th scope="col">Submitted</th>
              <th scope="col">Items</th>
              <th scope="col">Status</th>
              <th scope="col" className="data-table__num">
                Catalogue
              </th>
              <th scope="col" className="data-table__num">
                Quoted
              </th>
              <th scope="col">Sales person</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.number} data-testid="queue-row">
                <th scope="row" className="data-table__key">
                  <Link to={`/admin/quotations/${encodeURIComponent(r.number)}`}>{r.number}</Link>
                </th>
                <td data-label="Customer" className="data-table__stack">
                  <span>{r.customer?.company ?? r.customer?.name ?? '—'}</span>
                  {r.customer && (
                    <span className="muted">
                      {r.customer.company ? `${r.customer.name} · ` : ''}
                      {r.customer.email}
                    </span>
                  )}
                </td>
                <td data-label="Submitted" className="data-table__stack">
                  <span>{r.submitted_at ? formatDate(r.submitted_at) : '—'}</span>
                  <span className="muted">{waitingText(r)}</span>
                </td>
                <td data-label="Items">{itemsText(r.first_line, r.line_count)}</td>
                <td data-label="Status">
                  <QuotationStatusBadge status={r.status} label={r.status_label} />
                </td>
                <td data-label="Catalogue" className="data-table__num">
                  {formatMoney(r.subtotal.cents, r.subtotal.currency)}
                </td>
                <td data-label="Quoted" className="data-table__num">
                  {formatMoney(r.quoted_subtotal.cents, r.quoted_subtotal.currency)}
                </td>
                <td data-label="Sales person">{r.assignee ?? <span className="muted">Nobody yet</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
