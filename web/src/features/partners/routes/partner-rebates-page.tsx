import { type FormEvent, useId } from 'react';
import { Link, useSearchParams, type NavigateOptions } from 'react-router';
import { PartnerOnly } from '@/components/partner-only';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import { SCROLL_TO_TOP } from '@/lib/scroll-to-top';
import { formatDateTime } from '@/lib/time-format';
import { rebatesCsvUrl, useRebates } from '../api/get-rebates';
import type { RebateEntry, RebateLedger } from '../api/types';
import { ChannelBadge } from '../components/channel-badge';
import { PartnerNotice } from '../components/partner-notice';
import { RebateTotals } from '../components/rebate-totals';
import {
  filtersFromParams,
  paramsFromFilters,
  REBATE_STATUSES,
  type RebateFilters,
  type RebateStatus,
  STATUS_LABELS,
  STATUS_TONES,
} from '../lib/rebate-filters';
import '../partners.css';

function EntryRow({ e }: { e: RebateEntry }) {
  const m = (x: { cents: number; currency: string }) => formatMoney(x.cents, x.currency);
  return (
    <tr data-testid="rebate-entry">
      <th scope="row" className="data-table__key">
        {e.order_number}
      </th>
      <td data-label="Date">{formatDateTime(e.created_at)}</td>
      <td data-label="Product">
        <span className="rebate-product">
          {e.name} <span className="muted">({e.sku})</span>
          {e.kind === 'clawback' && <span className="rebate-clawback"> · claw-back of a refunded line</span>}
        </span>
      </td>
      <td data-label="Channel">
        <ChannelBadge channel={e.channel} />
      </td>
      <td data-label="Status">
        <Badge tone={STATUS_TONES[e.status] ?? 'neutral'}>{STATUS_LABELS[e.status] ?? e.status}</Badge>
      </td>
      <td data-label="Paid by buyer" className="data-table__num">
        {m(e.eligible)}
      </td>
      <td data-label="Rate" className="data-table__num">
        {e.rate_bp / 100}%
      </td>
      <td data-label="Rebate" className="data-table__num">
        {m(e.amount)}
      </td>
    </tr>
  );
}

function Ledger({ ledger, filters, onPage }: { ledger: RebateLedger; filters: RebateFilters; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(ledger.total / ledger.page_size));
  if (ledger.items.length === 0) {
    return (
      <p className="partner-empty">
        {filters.status || filters.from || filters.to
          ? 'No entries match these filters. Clear them to see the whole ledger.'
          : 'Your ledger is empty. Rebates appear here once an order credited to you is paid.'}
      </p>
    );
  }
  return (
    <>
      <table className="data-table rebate-table">
        <caption className="visually-hidden">Rebate ledger entries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Product</th>
            <th scope="col">Channel</th>
            <th scope="col">Status</th>
            <th scope="col" className="data-table__num">
              Paid by buyer
            </th>
            <th scope="col" className="data-table__num">
              Rate
            </th>
            <th scope="col" className="data-table__num">
              Rebate
            </th>
          </tr>
        </thead>
        <tbody>
          {ledger.items.map((e) => (
            <EntryRow key={e.id} e={e} />
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <nav className="rebate-pages" aria-label="Ledger pages">
          <Button variant="secondary" size="sm" disabled={ledger.page <= 1} onClick={() => onPage(ledger.page - 1)}>
            Previous page
          </Button>
          <span>
            Page {ledger.page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={ledger.page >= pages} onClick={() => onPage(ledger.page + 1)}>
            Next page
          </Button>
        </nav>
      )}
    </>
  );
}

function LedgerContent() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const rebates = useRebates(filters);
  const formId = useId();
  const apply = (next: RebateFilters, options?: NavigateOptions) => setParams(paramsFromFilters(next), options);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    apply({ status: text('status') as RebateStatus | '', from: text('from'), to: text('to'), page: 1 });
  };
  const filtered = Boolean(filters.status || filters.from || filters.to);
  const badRange = Boolean(filters.from && filters.to && filters.from > filters.to);

  return (
    <>
      {/* Keyed by the URL's filters so the fields show them again after back/forward. */}
      <form key={params.toString()} id={formId} className="rebate-filters" onSubmit={onSubmit} aria-label="Filter the ledger">
        <Select
          name="status"
          label="Status"
          defaultValue={filters.status}
          options={[{ value: '', label: 'Any status' }, ...REBATE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] ?? s }))]}
        />
        <Input name="from" type="date" label="From" defaultValue={filters.from} />
        <Input name="to" type="date" label="To" defaultValue={filters.to} error={badRange ? 'Choose a day after “From”.' : undefined} />
        <div className="rebate-filters__actions">
          <Button type="submit">Apply filters</Button>
          {filtered && (
            <Button variant="ghost" onClick={() => apply({ status: '', from: '', to: '', page: 1 })}>
              Clear
            </Button>
          )}
        </div>
      </form>
      <p className="rebate-download">
        <a className={buttonClassName({ variant: 'secondary', size: 'sm' })} href={rebatesCsvUrl(filters)} download>
          Download CSV{filtered ? ' (these filters)' : ''}
        </a>
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {rebates.isFetching ? 'Loading entries…' : rebates.data ? `${rebates.data.total} ${rebates.data.total === 1 ? 'entry' : 'entries'} found.` : ''}
      </p>
      {rebates.isPending ? (
        <div aria-busy="true">
          <Skeleton height="6rem" />
          <Skeleton height="14rem" />
        </div>
      ) : rebates.isError ? (
        <PartnerNotice error={rebates.error} what="rebate ledger" onRetry={() => void rebates.refetch()} />
      ) : (
        <div className="partner-dash" aria-busy={rebates.isFetching || undefined}>
          <section aria-labelledby="ledger-totals-h" className="partner-section">
            <h2 id="ledger-totals-h">Totals over your whole ledger</h2>
            <RebateTotals totals={rebates.data.totals} />
          </section>
          <section aria-labelledby="ledger-entries-h" className="partner-section">
            <h2 id="ledger-entries-h">
              Entries <span className="muted">({rebates.data.total})</span>
            </h2>
            <Ledger ledger={rebates.data} filters={filters} onPage={(page) => apply({ ...filters, page }, { state: SCROLL_TO_TOP })} />
          </section>
        </div>
      )}
    </>
  );
}

/** `/partner/rebates`: the rebate ledger with its filters in the URL, the totals, and a CSV download of the same entries. */
export default function PartnerRebatesPage() {
  return (
    <div className="container page partner-page">
      <title>Rebate ledger — Uplink</title>
      <p>
        <Link to="/partner">← Partner dashboard</Link>
      </p>
      <h1>Rebate ledger</h1>
      <PartnerOnly what="your rebate ledger">
        <LedgerContent />
      </PartnerOnly>
    </div>
  );
}
