import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { QuotationStatusBadge } from '@/components/quotation-status-badge';
import { StaffNotice } from '@/components/staff-notice';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { QuotationDetail } from '@/lib/resources/quotations/types';
import { formatDate, formatDay } from '@/lib/time-format';
import { useStaffQuotation } from '../api/staff-quotations';
import { DeclineQuotation } from '../components/decline-dialog';
import { PriceEditor } from '../components/price-editor';
import { CommentForm, QuotationHistory } from '../components/quotation-history';
import { QuotationLines } from '../components/quotation-lines';
import { QuotationTotalsList } from '../components/quotation-totals';
import { isPhysical } from '../lib/filters';
import '../quotations.css';

/** Who asked: name, company, e-mail, whether they have credit terms. */
function CustomerCard({ q }: { q: QuotationDetail }) {
  const c = q.customer;
  return (
    <Card as="section" aria-labelledby="q-customer-heading" className="q-card q-customer">
      <h2 id="q-customer-heading">Customer</h2>
      {c ? (
        <>
          <p>
            <strong>{c.company ?? c.name}</strong>
            {c.company && <span className="muted"> · {c.name}</span>}
          </p>
          <p className="q-wrap">
            <a href={`mailto:${c.email}`}>{c.email}</a>
          </p>
          <p>
            {c.has_credit_terms ? <Badge tone="success">Credit terms</Badge> : <Badge>No credit terms</Badge>}{' '}
            <Link to={`/admin/customers/${encodeURIComponent(c.id)}`}>Credit account</Link>
          </p>
        </>
      ) : (
        <p className="muted">The customer’s account is gone.</p>
      )}
      <dl className="q-facts q-facts--compact">
        <div>
          <dt>Requested</dt>
          <dd>{formatDate(q.created_at)}</dd>
        </div>
        {q.submitted_at && (
          <div>
            <dt>Submitted</dt>
            <dd>{formatDate(q.submitted_at)}</dd>
          </div>
        )}
        <div>
          <dt>Store</dt>
          <dd>{q.store}</dd>
        </div>
        {q.assignee && (
          <div>
            <dt>Sales person</dt>
            <dd className="q-wrap">{q.assignee}</dd>
          </div>
        )}
        {q.valid_until && (
          <div>
            <dt>Valid until</dt>
            <dd>{formatDay(q.valid_until)}</dd>
          </div>
        )}
        {q.order_number && (
          <div>
            <dt>Order</dt>
            <dd>{q.order_number}</dd>
          </div>
        )}
      </dl>
    </Card>
  );
}

/**
 * `/admin/quotations/:number` (sales): the customer, the price editor while the quotation is in
 * review (save, send, decline), the lines as priced otherwise, and the history with comments.
 */
export default function StaffQuotationPage() {
  const { number = '' } = useParams();
  const quotation = useStaffQuotation(number);
  const [message, setMessage] = useState('');
  if (quotation.isPending) {
    return (
      <div className="container page q-staff" aria-busy="true">
        <h1>Quotation {number}</h1>
        <Skeleton height="16rem" />
      </div>
    );
  }
  if (quotation.isError) {
    return (
      <div className="container page q-staff">
        <p>
          <Link to="/admin/quotations">← Quotations queue</Link>
        </p>
        <h1>Quotation {number}</h1>
        <StaffNotice error={quotation.error} onRetry={() => void quotation.refetch()} what="quotations" />
      </div>
    );
  }
  const q = quotation.data;
  const physical = q.lines.some((l) => isPhysical(l.product_type));
  const reload = async () => (await quotation.refetch()).data;
  return (
    <div className="container page q-staff">
      <p>
        <Link to="/admin/quotations">← Quotations queue</Link>
      </p>
      <h1>
        Quotation <span className="q-nowrap">{q.number}</span>
      </h1>
      <p className="q-status">
        <QuotationStatusBadge status={q.status} label={q.status_label} />
      </p>
      <p className="q-live q-live--note" role="status">
        {message}
      </p>
      <div className="q-staff__grid">
        <div className="q-staff__main">
          {q.actions.edit ? (
            <Card className="q-card">
              <PriceEditor quotation={q} onReload={reload} onSent={setMessage} />
            </Card>
          ) : (
            <Card as="section" aria-labelledby="q-items-heading" className="q-card">
              <h2 id="q-items-heading">Items and prices</h2>
              <p className="muted">
                {q.status === 'quoted'
                  ? 'Sent to the customer; the prices can change again if they ask for a revision.'
                  : `This quotation is ${q.status_label.toLowerCase()}: its prices can no longer change.`}
              </p>
              <QuotationLines lines={q.lines} currency={q.currency} caption={`Items in quotation ${q.number}`} />
              <QuotationTotalsList totals={q.totals} hasPhysical={physical} />
            </Card>
          )}
          <Card as="section" aria-labelledby="q-history-heading" className="q-card">
            <h2 id="q-history-heading">History and comments</h2>
            <QuotationHistory events={q.history} viewer="staff" />
            {q.actions.comment && <CommentForm number={q.number} viewer="staff" />}
          </Card>
        </div>
        <aside className="q-staff__side">
          <CustomerCard q={q} />
          {q.actions.decline && (
            <Card as="section" aria-labelledby="q-decline-heading" className="q-card">
              <h2 id="q-decline-heading">Can’t offer a price?</h2>
              <p className="muted">Decline the quotation with a reason; the customer can still buy at catalogue prices.</p>
              <div>
                <DeclineQuotation number={q.number} onDeclined={setMessage} />
              </div>
            </Card>
          )}
          <p>
            <a href={`/api/v1/quotations/${encodeURIComponent(q.number)}/quotation.pdf`} target="_blank" rel="noreferrer">
              Quotation PDF<span className="visually-hidden"> of {q.number}</span>
            </a>
          </p>
        </aside>
      </div>
    </div>
  );
}
