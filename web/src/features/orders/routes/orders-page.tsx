import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { loginUrl } from '@/lib/auth/return-path';
import { formatMoney } from '@/lib/money';
import { useOrders } from '@/lib/resources/orders/get-orders';
import { SCROLL_TO_TOP } from '@/lib/scroll-to-top';
import { formatDate } from '@/lib/time-format';
import { STATUS_LABELS, STATUS_TONES } from '../lib/status';
import '../orders.css';

/** `/order`: the customer's orders with status and date filters and search (all in the URL). */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = {
    status: params.get('status') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    q: params.get('q') ?? '',
    page: params.get('page') ?? '',
  };
  const orders = useOrders(query);
  const onFilter = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of ['status', 'from', 'to', 'q']) {
      const raw = f.get(k);
      const v = typeof raw === 'string' ? raw.trim() : '';
      if (v) next.set(k, v);
    }
    setParams(next);
  };
  const unauth = orders.isError && isApiProblem(orders.error) && orders.error.status === 401;
  const page = Number(query.page || 1);
  return (
    <div className="container page orders">
      <h1>Your orders</h1>
      {unauth ? (
        <p>
          <Link to={loginUrl('/order')}>Sign in</Link> to see your orders.
        </p>
      ) : (
        <>
          <form className="orders-filters" onSubmit={onFilter} role="search" aria-label="Filter orders">
            <Input label="Order number or SKU" name="q" defaultValue={query.q} />
            <Select
              label="Status"
              name="status"
              defaultValue={query.status}
              options={[{ value: '', label: 'Any status' }, ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
            />
            <Input label="Placed from" type="date" name="from" defaultValue={query.from} />
            <Input label="Placed until" type="date" name="to" defaultValue={query.to} />
            <Button type="submit">Filter</Button>
          </form>
          {orders.isPending && <Spinner label="Loading orders" />}
          {orders.isError && !unauth && (
            <p role="alert">{isApiProblem(orders.error) ? (orders.error.errors[0]?.message ?? messageForProblem(orders.error)) : 'Orders could not be loaded.'}</p>
          )}
          {orders.data &&
            orders.data.items.length === 0 &&
            (params.size > 0 ? (
              <p>
                No orders match these filters. <Link to="/order">Show all orders</Link>
              </p>
            ) : (
              <p>
                You haven’t placed an order yet. <Link to="/products">Browse the products</Link> to find one.
              </p>
            ))}
          {orders.data && orders.data.items.length > 0 && (
            <ul className="orders-list">
              {orders.data.items.map((o) => (
                <li key={o.number} className="orders-list__item">
                  <div>
                    <Link to={`/order/${o.number}`} className="orders-list__number">
                      {o.number}
                    </Link>{' '}
                    <Badge tone={STATUS_TONES[o.status]}>{STATUS_LABELS[o.status] ?? o.status}</Badge>
                    <div className="muted">
                      {formatDate(o.placed_at)} · {o.item_count} {o.item_count === 1 ? 'item' : 'items'}: {o.items.join(', ')}
                    </div>
                  </div>
                  <strong>{formatMoney(o.total.cents, o.total.currency)}</strong>
                </li>
              ))}
            </ul>
          )}
          {orders.data && orders.data.total > orders.data.page_size && (
            <nav className="orders-pages" aria-label="Pages">
              {page > 1 && <Link to={`?${new URLSearchParams({ ...Object.fromEntries(params), page: String(page - 1) })}`} state={SCROLL_TO_TOP}>Previous</Link>}
              <span>
                Page {page} of {Math.ceil(orders.data.total / orders.data.page_size)}
              </span>
              {page * orders.data.page_size < orders.data.total && (
                <Link to={`?${new URLSearchParams({ ...Object.fromEntries(params), page: String(page + 1) })}`} state={SCROLL_TO_TOP}>Next</Link>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
