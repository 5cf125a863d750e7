import { Link, useParams } from 'react-router';
import { QuotationStatusBadge } from '@/components/quotation-status-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatDate, formatDay } from '@/lib/time-format';
import { useQuotation } from '../api/get-quotation';
import { BuyerActions } from '../components/buyer-actions';
import { CommentForm, QuotationHistory } from '../components/quotation-history';
import { QuotationLines } from '../components/quotation-lines';
import { QuotationTotalsList } from '../components/quotation-totals';
import { isPhysical } from '../lib/filters';
import { buyerStatusNote } from '../lib/status-note';
import '../quotations.css';

const SOURCES: Record<string, string> = { cart: 'your cart', product: 'a product page', co_term: 'device management (co-term)' };

/**
 * `/account/quotation/:number` (inside the account area): the lines at catalogue and quoted
 * prices, the totals, valid-until, what the buyer may do now, and the history with comments.
 */
export default function QuotationPage() {
  const { number = '' } = useParams();
  const quotation = useQuotation(number);
  if (quotation.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the quotation">
        <Skeleton height="3rem" />
        <Skeleton height="14rem" />
      </div>
    );
  }
  if (quotation.isError) {
    const missing = isApiProblem(quotation.error) && quotation.error.status === 404;
    return (
      <div className="q-page">
        <div role="alert" className="form-alert form-alert--error">
          <p>
            {missing
              ? `There is no quotation ${number} on your account. Check the number, or open it from your list.`
              : isApiProblem(quotation.error)
                ? messageForProblem(quotation.error)
                : 'The quotation could not be loaded.'}
          </p>
          {!missing && (
            <Button variant="secondary" size="sm" onClick={() => void quotation.refetch()}>
              Try again
            </Button>
          )}
        </div>
        <p>
          <Link to="/account/quotation">All quotations</Link>
        </p>
      </div>
    );
  }
  const q = quotation.data;
  const physical = q.lines.some((l) => isPhysical(l.product_type));
  return (
    <div className="q-page">
      <p>
        <Link to="/account/quotation">← All quotations</Link>
      </p>
      <div className="q-status">
        <QuotationStatusBadge status={q.status} label={q.status_label} />
        <p>{buyerStatusNote(q)}</p>
      </div>
      <dl className="q-facts">
        <div>
          <dt>Requested</dt>
          <dd>
            {formatDate(q.created_at)} <span className="muted">from {SOURCES[q.source] ?? q.source}</span>
          </dd>
        </div>
        {q.submitted_at && (
          <div>
            <dt>Submitted</dt>
            <dd>{formatDate(q.submitted_at)}</dd>
          </div>
        )}
        <div>
          <dt>Valid until</dt>
          <dd data-testid="valid-until">{q.valid_until ? formatDay(q.valid_until) : 'Set when sales send the prices'}</dd>
        </div>
        {q.order_number && (
          <div>
            <dt>Order</dt>
            <dd>
              <Link to={`/order/${encodeURIComponent(q.order_number)}`}>{q.order_number}</Link>
            </dd>
          </div>
        )}
      </dl>
      <BuyerActions quotation={q} onReload={() => void quotation.refetch()} />
      <Card as="section" aria-labelledby="q-items-heading" className="q-card">
        <h2 id="q-items-heading">Items and prices</h2>
        <QuotationLines lines={q.lines} currency={q.currency} caption={`Items in quotation ${q.number}`} />
        <QuotationTotalsList totals={q.totals} hasPhysical={physical} />
      </Card>
      <Card as="section" aria-labelledby="q-history-heading" className="q-card">
        <h2 id="q-history-heading">History and comments</h2>
        <QuotationHistory events={q.history} viewer="buyer" />
        {q.actions.comment ? (
          <CommentForm number={q.number} viewer="buyer" />
        ) : (
          <p className="muted">This quotation is {q.status_label.toLowerCase()}: it takes no more comments.</p>
        )}
      </Card>
    </div>
  );
}
