import { type FormEvent, useState } from 'react';
import { Link, useSearchParams, type NavigateOptions } from 'react-router';
import { StaffNotice } from '@/components/staff-notice';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import { SCROLL_TO_TOP } from '@/lib/scroll-to-top';
import { formatDateTime } from '@/lib/time-format';
import { useStaffOrders } from '../api/staff';
import { STATUS_LABELS, STATUS_TONES } from '../lib/status';
import {
  DEFAULT_STAFF_ORDER_LIMIT,
  STAFF_ORDER_LIMITS,
  type StaffOrderParams,
  parseStaffOrderParams,
  staffOrderSearch,
} from '../lib/staff-order-params';
import '../orders.css';

const PAYMENT_LABELS: Record<string, string> = { card: 'Card', paypal: 'PayPal', bank_transfer: 'Bank transfer', credit_terms: 'Credit terms' };

const TEXT_FILTERS = [
  { key: 'q', label: 'Order number' },
  { key: 'customer', label: 'Customer e-mail' },
  { key: 'sku', label: 'SKU' },
  { key: 'store', label: 'Store code' },
] as const;

/** `/admin/orders` (fulfilment): find orders by status, store, payment, customer, SKU, number and day; newest first, a page at a time. */
export default function StaffOrdersPage() {
  const [search, setSearch] = useSearchParams();
  const params = parseStaffOrderParams(search);
  const orders = useStaffOrders(params);
  const [draft, setDraft] = useState(params);
  const go = (patch: Partial<StaffOrderParams>, options?: NavigateOptions) => {
    const next = { ...params, before: '', ...patch };
    setDraft(next);
    setSearch(staffOrderSearch(next), options);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    go({ ...draft, before: '' });
  };
  const rows = orders.data ?? [];
  const filtered = staffOrderSearch({ ...params, before: '', limit: DEFAULT_STAFF_ORDER_LIMIT }).size;
  return (
    <div className="admin-page orders">
      <title>Order desk — Back office — Uplink</title>
      <div className="admin-head">
        <h1>Order desk</h1>
      </div>
      <form role="search" aria-label="Orders" className="admin-toolbar" onSubmit={onSubmit}>
        {TEXT_FILTERS.map((f) => (
          <Input
            key={f.key}
            label={f.label}
            type={f.key === 'customer' ? 'email' : 'search'}
            value={draft[f.key]}
            onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
          />
        ))}
        <Input label="Placed from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        <Input label="Placed to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <div className="admin-toolbar" role="group" aria-label="Filters">
        <Select
          label="Status"
          value={params.status}
          onChange={(e) => go({ status: e.target.value })}
          options={[{ value: '', label: 'Every status' }, ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
        />
        <Select
          label="Payment method"
          value={params.payment_method}
          onChange={(e) => go({ payment_method: e.target.value })}
          options={[{ value: '', label: 'Every method' }, ...Object.entries(PAYMENT_LABELS).map(([value, label]) => ({ value, label }))]}
        />
        <Select
          label="Per page"
          value={String(params.limit)}
          onChange={(e) => go({ limit: Number(e.target.value) })}
          options={STAFF_ORDER_LIMITS.map((n) => ({ value: String(n), label: String(n) }))}
        />
        {filtered > 0 && (
          <Button
            variant="ghost"
            onClick={() => go({ status: '', store: '', payment_method: '', customer: '', sku: '', q: '', from: '', to: '' })}
          >
            Clear the filters
          </Button>
        )}
      </div>
      <p role="status" aria-live="polite" className="muted" data-testid="orders-status">
        {orders.data
          ? `${rows.length === 0 ? 'No' : rows.length} order${rows.length === 1 ? '' : 's'}${params.before ? ' on this page' : ''}${filtered > 0 ? (rows.length === 1 ? ' matches' : ' match') : ''}.`
          : ''}
      </p>
      {orders.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading orders…</span>
          <Skeleton height="16rem" />
        </div>
      ) : orders.isError ? (
        <StaffNotice role="fulfilment" error={orders.error} what="the orders" onRetry={() => void orders.refetch()} />
      ) : rows.length === 0 ? (
        <p className="form-alert form-alert--info">No order matches. Change the search or clear the filters.</p>
      ) : (
        <table className="data-table" data-testid="staff-orders" aria-busy={orders.isFetching || undefined}>
          <caption className="visually-hidden">Orders, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Status</th>
              <th scope="col">Customer</th>
              <th scope="col">Placed</th>
              <th scope="col">Payment</th>
              <th scope="col" className="data-table__num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.number}>
                <th scope="row" data-label="Order">
                  <Link to={`/admin/orders/${o.number}`}>{o.number}</Link>
                  {o.referred_by && <div className="muted">referred by {o.referred_by}</div>}
                </th>
                <td data-label="Status">
                  <Badge tone={STATUS_TONES[o.status]}>{STATUS_LABELS[o.status] ?? o.status}</Badge>
                </td>
                <td data-label="Customer">
                  <span className="staff-orders__email">{o.email}</span>
                </td>
                <td data-label="Placed">{formatDateTime(o.placed_at)}</td>
                <td data-label="Payment">
                  <span>
                    {PAYMENT_LABELS[o.payment_method] ?? o.payment_method} <span className="muted">({o.payment_status.replace('_', ' ')})</span>
                  </span>
                </td>
                <td data-label="Total" className="data-table__num">
                  {formatMoney(o.total.cents, o.total.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {orders.data && (params.before || rows.length >= params.limit) && (
        <nav className="admin-pager" aria-label="Pages of orders">
          <div className="admin-head__actions">
            {params.before && (
              <Button variant="secondary" onClick={() => go({ before: '' }, { state: SCROLL_TO_TOP })}>
                Newest orders
              </Button>
            )}
            {rows.length >= params.limit && (
              <Button variant="secondary" onClick={() => go({ before: rows[rows.length - 1]!.placed_at }, { state: SCROLL_TO_TOP })}>
                Next page
              </Button>
            )}
          </div>
        </nav>
      )}
    </div>
  );
}
