import { Link } from 'react-router';
import { QuotationStatusBadge } from '@/components/quotation-status-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';
import { useQuotations } from '@/lib/resources/quotations/get-quotations';
import { OPEN_QUOTATION_STATUSES } from '@/lib/resources/quotations/status';

/** How many open quotations the dashboard lists. */
const SHOWN = 5;

/** `/account`'s open quotations (SPEC §8): the newest five still moving, with where each stands. */
export function OpenQuotations() {
  const list = useQuotations({ statuses: OPEN_QUOTATION_STATUSES, q: '' });
  const items = list.data ?? [];
  return (
    <Card as="section" className="acct-card" aria-labelledby="quotations-heading">
      <h2 id="quotations-heading" className="acct-card__title">
        Open quotations
      </h2>
      {list.isPending ? (
        <p>Loading…</p>
      ) : list.isError ? (
        <p role="alert">
          Your quotations didn’t load.{' '}
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </p>
      ) : items.length === 0 ? (
        <p>No open quotations. Ask for prices with “Request a quotation” in your cart or on a product page.</p>
      ) : (
        <ul className="acct-expiring" aria-label="Open quotations, newest first">
          {items.slice(0, SHOWN).map((q) => (
            <li key={q.number}>
              <span className="acct-expiring__device">
                <Link to={`/account/quotation/${encodeURIComponent(q.number)}`}>{q.number}</Link>
                <span className="acct-expiring__meta">
                  {q.first_line ?? `${q.line_count} items`}
                  {q.line_count > 1 && q.first_line ? ` and ${q.line_count - 1} more` : ''} ·{' '}
                  {formatMoney(q.quoted_subtotal.cents, q.quoted_subtotal.currency)}
                </span>
              </span>
              <QuotationStatusBadge status={q.status} label={q.status_label} />
            </li>
          ))}
        </ul>
      )}
      {items.length > SHOWN && <p>{items.length - SHOWN} more open.</p>}
      <Link to="/account/quotation">See all quotations</Link>
    </Card>
  );
}
