import { type FormEvent, useState } from 'react';
import { Link, useSearchParams, type NavigateOptions } from 'react-router';
import { StaffNotice } from '@/components/staff-notice';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatMoney } from '@/lib/money';
import { SCROLL_TO_TOP } from '@/lib/scroll-to-top';
import { formatDateTime } from '@/lib/time-format';
import { useAdminCoupons, useSaveCoupon } from '../api/coupons';
import type { AdminCoupon } from '../api/types';
import { couponFormValues, couponInputOf } from '../lib/coupon-form';

export const COUPON_TONE: Record<string, BadgeTone> = { active: 'success', paused: 'warning', scheduled: 'brand', ended: 'neutral', used_up: 'neutral' };

function PauseButton({ coupon }: { coupon: AdminCoupon }) {
  const save = useSaveCoupon();
  const toast = useToast();
  const pausing = coupon.active;
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={save.isPending}
      onClick={() =>
        save.mutate(
          { code: coupon.code, body: { ...couponInputOf(couponFormValues(coupon)), starts_at: coupon.starts_at ?? null, ends_at: coupon.ends_at ?? null, active: !pausing } },
          {
            onSuccess: (c) => toast.show({ message: `${c.code} ${c.active ? 'resumed' : 'paused'}.`, tone: 'success' }),
            onError: (e) => toast.show({ message: isApiProblem(e) ? (e.detail ?? messageForProblem(e)) : 'Not changed. Try again.', tone: 'error' }),
          },
        )
      }
    >
      {pausing ? 'Pause' : 'Resume'}
      <span className="visually-hidden"> {coupon.code}</span>
    </Button>
  );
}

/** `/admin/coupons`: coupons with their state and uses so far; search, filter, page in the URL; pause or resume. */
export default function AdminCouponsPage() {
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const state = search.get('state') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const coupons = useAdminCoupons(q, state, page);
  const [query, setQuery] = useState(q);
  const go = (next: { q?: string; state?: string; page?: number }, options?: NavigateOptions) => {
    const params = new URLSearchParams();
    const nq = next.q ?? q;
    const ns = next.state ?? state;
    if (nq) params.set('q', nq);
    if (ns) params.set('state', ns);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSearch(params, options);
  };
  const total = coupons.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (coupons.data?.per_page ?? 50)));
  return (
    <div className="admin-page">
      <title>Coupons — Back office — Uplink</title>
      <div className="admin-head">
        <h1 tabIndex={-1}>Coupons</h1>
        <Link to="/admin/coupons/new" className={buttonClassName({})}>
          New coupon
        </Link>
      </div>
      <form
        role="search"
        aria-label="Coupons"
        className="admin-toolbar"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          go({ q: query.trim() });
        }}
      >
        <Input className="admin-toolbar__search" type="search" label="Search code or description" value={query} onChange={(e) => setQuery(e.target.value)} />
        <Select
          label="State"
          value={state}
          onChange={(e) => go({ state: e.target.value })}
          options={[
            { value: '', label: 'Every state' },
            { value: 'active', label: 'Active' },
            { value: 'paused', label: 'Paused' },
            { value: 'ended', label: 'Ended' },
          ]}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {coupons.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading coupons…</span>
          <Skeleton height="16rem" />
        </div>
      ) : coupons.isError ? (
        <StaffNotice role="admin" error={coupons.error} what="coupons" onRetry={() => void coupons.refetch()} />
      ) : coupons.data.items.length === 0 ? (
        <p className="form-alert form-alert--info">No coupon matches. Change the search, or create one.</p>
      ) : (
        <table className="data-table" data-testid="admin-coupons">
          <caption className="visually-hidden">Coupons</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Takes off</th>
              <th scope="col">State</th>
              <th scope="col" className="data-table__num">
                Used
              </th>
              <th scope="col" className="data-table__num">
                Given away
              </th>
              <th scope="col">Valid</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {coupons.data.items.map((c) => (
              <tr key={c.code}>
                <th scope="row" data-label="Code">
                  <Link to={`/admin/coupons/${c.code}`}>{c.code}</Link>
                  {c.description && <span className="muted"> — {c.description}</span>}
                </th>
                <td data-label="Takes off">
                  {c.kind === 'percent' ? `${(c.percent_bp ?? 0) / 100} %` : formatMoney(c.amount_cents ?? 0)}
                  {c.store_code && <span className="muted"> · {c.store_code} only</span>}
                </td>
                <td data-label="State">
                  <Badge tone={COUPON_TONE[c.state] ?? 'neutral'}>{c.state.replace('_', ' ')}</Badge>
                </td>
                <td data-label="Used" className="data-table__num">
                  {c.times_used}
                  {c.max_uses ? ` / ${c.max_uses}` : ''}
                </td>
                <td data-label="Given away" className="data-table__num">
                  {formatMoney(c.redeemed_cents)}
                </td>
                <td data-label="Valid">
                  {c.starts_at ? formatDateTime(c.starts_at) : 'Now'} – {c.ends_at ? formatDateTime(c.ends_at) : 'no end'}
                </td>
                <td>
                  <PauseButton coupon={c} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {coupons.data && total > 0 && (
        <nav className="admin-pager" aria-label="Pages of coupons">
          <p>
            Page {page} of {pages} · {total} coupons
          </p>
          <div className="admin-head__actions">
            <Button variant="secondary" disabled={page <= 1} onClick={() => go({ page: page - 1 }, { state: SCROLL_TO_TOP })}>
              Previous page
            </Button>
            <Button variant="secondary" disabled={page >= pages} onClick={() => go({ page: page + 1 }, { state: SCROLL_TO_TOP })}>
              Next page
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
