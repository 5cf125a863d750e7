import { Link } from 'react-router';
import { CopyButton } from '@/components/copy-button';
import { PartnerOnly } from '@/components/partner-only';
import { Badge } from '@/components/ui/badge';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import { formatDateTime } from '@/lib/time-format';
import { usePartnerDashboard } from '../api/get-partner-dashboard';
import type { MiniStoreSummary, PartnerDashboard, PartnerOrder } from '../api/types';
import { ChannelBadge } from '../components/channel-badge';
import { PartnerNotice } from '../components/partner-notice';
import { RebateTotals } from '../components/rebate-totals';
import '../partners.css';

function MiniStoreItem({ store }: { store: MiniStoreSummary }) {
  return (
    <li className="partner-store" data-testid="partner-mini-store">
      <div className="partner-store__head">
        <h3 className="partner-store__name">{store.display_name}</h3>
        <Badge tone={store.active ? 'success' : 'warning'}>{store.active ? 'Open' : 'Paused'}</Badge>
      </div>
      <p className="muted partner-store__meta">
        {store.region === 'US' ? 'US' : 'Global'} region · {store.product_count} {store.product_count === 1 ? 'product' : 'products'} · key{' '}
        <code>{store.key}</code>
      </p>
      <p className="partner-store__link">
        <a href={store.share_url}>{store.share_url}</a>
      </p>
      <p className="partner-store__actions">
        <CopyButton value={store.share_url} label={`the link to ${store.display_name}`} />
        <Link className={buttonClassName({ size: 'sm' })} to={`/partner/mini-stores/${encodeURIComponent(store.key)}`}>
          Edit<span className="visually-hidden"> {store.display_name}</span>
        </Link>
      </p>
    </li>
  );
}

function OrdersTable({ orders }: { orders: PartnerOrder[] }) {
  if (orders.length === 0) {
    return (
      <p className="partner-empty">
        No orders credited to you yet. Share your referral code or a mini-store link, or check out for an end customer from
        your cart.
      </p>
    );
  }
  return (
    <table className="data-table partner-orders" data-testid="partner-orders">
      <caption className="visually-hidden">Latest orders credited to you, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Placed</th>
          <th scope="col">Channel</th>
          <th scope="col">End customer</th>
          <th scope="col" className="data-table__num">
            Total
          </th>
          <th scope="col" className="data-table__num">
            Rebate
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.number} data-testid="partner-order">
            <th scope="row" className="data-table__key">
              {o.bought_by_you ? <Link to={`/order/${encodeURIComponent(o.number)}`}>{o.number}</Link> : o.number}
            </th>
            <td data-label="Placed">{formatDateTime(o.placed_at)}</td>
            <td data-label="Channel">
              <ChannelBadge channel={o.channel} />
            </td>
            <td data-label="End customer">
              {o.end_customer ? (
                <span className="partner-orders__customer">
                  {o.end_customer.name}
                  {o.end_customer.company ? `, ${o.end_customer.company}` : ''}
                </span>
              ) : (
                <span className="muted">—</span>
              )}
            </td>
            <td data-label="Total" className="data-table__num">
              {formatMoney(o.total.cents, o.total.currency)}
            </td>
            <td data-label="Rebate" className="data-table__num" data-testid="partner-order-rebate">
              {formatMoney(o.rebate.cents, o.rebate.currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Dashboard({ d }: { d: PartnerDashboard }) {
  return (
    <div className="partner-dash">
      <p className="partner-lead">
        {d.partner.name} · rebate {d.partner.rebate_bp / 100}% on licences, care plans and cloud plans
      </p>
      <Card as="section" aria-labelledby="rebates-h" className="partner-section">
        <div className="partner-section__head">
          <h2 id="rebates-h">Rebates</h2>
          <Link to="/partner/rebates">See the rebate ledger</Link>
        </div>
        <RebateTotals totals={d.rebates} windowDays={d.rebate_window_days} />
      </Card>
      <div className="partner-columns">
        <Card as="section" aria-labelledby="code-h" className="partner-section">
          <h2 id="code-h">Your referral code</h2>
          <p>Buyers enter it in the partner box of their cart; their eligible items earn you a rebate.</p>
          <p className="partner-code">
            <code data-testid="referral-code">{d.partner.referral_code}</code>
            <CopyButton value={d.partner.referral_code} label="your referral code">
              Copy code
            </CopyButton>
          </p>
        </Card>
        <Card as="section" aria-labelledby="pavilion-h" className="partner-section">
          <h2 id="pavilion-h">Buy for an end customer</h2>
          <p>Put the items in your cart at your partner prices, then check out in the partner pavilion with your customer’s details.</p>
          <p className="partner-store__actions">
            <Link className={buttonClassName({ variant: 'secondary', size: 'sm' })} to="/cart">
              Your cart
            </Link>
            <Link className={buttonClassName({ size: 'sm' })} to="/partner-pavillion/checkout">
              Partner pavilion
            </Link>
          </p>
        </Card>
      </div>
      <Card as="section" aria-labelledby="stores-h" className="partner-section">
        <h2 id="stores-h">Your mini-stores</h2>
        {d.mini_stores.length === 0 ? (
          <p className="partner-empty">You have no mini-store yet. Ask your Uplink account manager to open one for you.</p>
        ) : (
          <ul className="partner-stores">
            {d.mini_stores.map((s) => (
              <MiniStoreItem key={s.key} store={s} />
            ))}
          </ul>
        )}
      </Card>
      <Card as="section" aria-labelledby="orders-h" className="partner-section">
        <h2 id="orders-h">Recent orders credited to you</h2>
        <OrdersTable orders={d.orders} />
      </Card>
    </div>
  );
}

function DashboardContent() {
  const dashboard = usePartnerDashboard();
  if (dashboard.isPending) {
    return (
      <div aria-busy="true">
        <span className="visually-hidden">Loading your partner dashboard…</span>
        <Skeleton height="8rem" />
        <Skeleton height="12rem" />
      </div>
    );
  }
  if (dashboard.isError) return <PartnerNotice error={dashboard.error} what="partner dashboard" onRetry={() => void dashboard.refetch()} />;
  return <Dashboard d={dashboard.data} />;
}

/** `/partner`: a partner's rebates by status, referral code, mini-stores with their links, and the orders credited to them. */
export default function PartnerDashboardPage() {
  return (
    <div className="container page partner-page">
      <title>Partner dashboard — Uplink</title>
      <h1>Partner dashboard</h1>
      <PartnerOnly what="your partner dashboard">
        <DashboardContent />
      </PartnerOnly>
    </div>
  );
}
