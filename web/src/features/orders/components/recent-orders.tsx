import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';
import { useOrders } from '@/lib/resources/orders/get-orders';
import { formatDate } from '@/lib/time-format';
import { STATUS_LABELS, STATUS_TONES } from '../lib/status';

/** How many orders the dashboard lists. */
const SHOWN = 5;

/** `/account`'s recent orders (SPEC §8, first on the dashboard): the newest five with their status and total. */
export function RecentOrders() {
  const orders = useOrders({});
  const items = orders.data?.items ?? [];
  return (
    <Card as="section" className="acct-card" aria-labelledby="recent-orders-heading">
      <h2 id="recent-orders-heading" className="acct-card__title">
        Recent orders
      </h2>
      {orders.isPending ? (
        <p>Loading…</p>
      ) : orders.isError ? (
        <p role="alert">
          Your orders didn’t load.{' '}
          <Button variant="secondary" size="sm" onClick={() => void orders.refetch()}>
            Try again
          </Button>
        </p>
      ) : items.length === 0 ? (
        <p>
          You haven’t placed an order yet. <Link to="/products">Browse the products</Link> to find one.
        </p>
      ) : (
        <ul className="acct-expiring" aria-label="Recent orders, newest first">
          {items.slice(0, SHOWN).map((o) => (
            <li key={o.number}>
              <span className="acct-expiring__device">
                <Link to={`/order/${encodeURIComponent(o.number)}`}>{o.number}</Link>
                <span className="acct-expiring__meta">
                  {formatDate(o.placed_at)} · {o.item_count} {o.item_count === 1 ? 'item' : 'items'} ·{' '}
                  {formatMoney(o.total.cents, o.total.currency)}
                </span>
              </span>
              <Badge tone={STATUS_TONES[o.status]}>{STATUS_LABELS[o.status] ?? o.status}</Badge>
            </li>
          ))}
        </ul>
      )}
      <Link to="/order">{orders.data && orders.data.total > SHOWN ? `See all ${orders.data.total} orders` : 'See all orders'}</Link>
    </Card>
  );
}
