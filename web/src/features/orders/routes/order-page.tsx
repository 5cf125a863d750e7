import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { OrderDeliverables } from '@/components/order-deliverables';
import { PartnerPriceBadge } from '@/components/partner-price-badge';
import { OrderDetailLines, OrderDetailTotals } from '@/components/order-detail-amounts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useOrder } from '@/lib/resources/orders/get-order';
import { formatDate, formatDateTime } from '@/lib/time-format';
import { useCancelOrder } from '../api/cancel-order';
import { useReorder } from '../api/reorder';
import { OrderRefunds } from '../components/order-refunds';
import { DELIVERY_LABELS, STATUS_LABELS, STATUS_TONES } from '../lib/status';
import '../orders.css';

type Addr = { name: string; company?: string | null; line1: string; line2?: string | null; city: string; state?: string | null; postal_code: string; country: string; phone: string };

function AddressBlock({ a }: { a: Addr }) {
  return (
    <address>
      {[a.name, a.company, a.line1, a.line2, `${a.city} ${a.state ?? ''} ${a.postal_code}`, a.country, a.phone]
        .filter(Boolean)
        .map((l) => (
          <div key={l}>{l}</div>
        ))}
    </address>
  );
}

/** `/order/{number}`: digital deliverables, timeline, lines, addresses, payment, shipments; reorder, cancel, invoice. */
export default function OrderPage() {
  const { number = '' } = useParams();
  const order = useOrder(number);
  const cancel = useCancelOrder();
  const reorder = useReorder();
  const [confirming, setConfirming] = useState(false);
  if (order.isPending) return <Spinner label="Loading the order" />;
  if (order.isError) {
    return (
      <div className="container page">
        <h1>Order {number}</h1>
        <p role="alert">{isApiProblem(order.error) ? messageForProblem(order.error) : 'The order could not be loaded.'}</p>
        <Link to="/order">All orders</Link>
      </div>
    );
  }
  const o = order.data;
  return (
    <div className="container page orders">
      <p>
        <Link to="/order">← All orders</Link>
      </p>
      <h1>
        Order {o.number} <Badge tone={STATUS_TONES[o.status]}>{STATUS_LABELS[o.status] ?? o.status}</Badge>
      </h1>
      <p className="muted">Placed {formatDateTime(o.placed_at)}</p>
      {o.quotation_number && (
        <p data-testid="order-quotation">
          Paid from quotation{' '}
          <Link to={`/account/quotation/${encodeURIComponent(o.quotation_number)}`}>{o.quotation_number}</Link>, at its quoted
          prices.
        </p>
      )}
      {o.partner_referral && (
        <p className="muted" data-testid="order-partner-referral">
          Referred by <strong>{o.partner_referral.partner_name}</strong> (partner code {o.partner_referral.code})
        </p>
      )}
      {o.end_customer && (
        <Card as="section" aria-labelledby="end-customer-h" className="order-end-customer" data-testid="order-end-customer">
          <h2 id="end-customer-h">End customer</h2>
          <p>
            You bought this order for <strong>{o.end_customer.name}</strong>
            {o.end_customer.company && <>, {o.end_customer.company}</>} ({o.end_customer.email}). Its licences, warranties and
            plans are delivered to their devices, and they got the delivery e-mail.
          </p>
        </Card>
      )}
      {o.price_list === 'partner' && (
        <p className="order-partner-prices" data-testid="order-partner-prices">
          <PartnerPriceBadge /> This order was priced at your partner prices.
        </p>
      )}
      <div className="order-actions">
        {o.invoice_url && (
          <a className="ui-button ui-button--secondary ui-button--md" href={o.invoice_url} target="_blank" rel="noreferrer">
            {o.invoice_kind === 'proforma' ? 'Proforma invoice (PDF)' : 'Invoice (PDF)'}
          </a>
        )}
        <Button
          variant="secondary"
          loading={reorder.isPending}
          onClick={() =>
            reorder.mutate(
              o.lines.map((l) => ({
                sku: l.sku,
                qty: l.qty,
                serials: l.serials,
                options: Object.fromEntries(l.options.map((op) => [op.code, op.value])),
              })),
            )
          }
        >
          Reorder
        </Button>
        {o.can_cancel && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Cancel order
          </Button>
        )}
      </div>
      {reorder.data && (
        <p role="status">
          {reorder.data.added} {reorder.data.added === 1 ? 'line' : 'lines'} added to your cart. <Link to="/cart">Open the cart</Link>
          {reorder.data.failed.map((f) => (
            <span key={f.sku}>
              {' '}
              {f.sku}: {f.reason}.
            </span>
          ))}
        </p>
      )}
      {cancel.isError && <p role="alert">{isApiProblem(cancel.error) ? (cancel.error.detail ?? messageForProblem(cancel.error)) : 'Could not cancel.'}</p>}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Cancel order ${o.number}?`}
        description="The order is cancelled and its items go back on sale. This cannot be undone."
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep the order
            </Button>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(o.number, { onSettled: () => setConfirming(false) })}
            >
              Cancel order
            </Button>
          </>
        }
      />
      {o.delivery && (
        <Card className="order-deliverables">
          <OrderDeliverables order={o} />
        </Card>
      )}
      <div className="order-grid">
        <Card as="section" aria-labelledby="lines-h">
          <h2 id="lines-h">Items</h2>
          <OrderDetailLines
            order={o}
            extra={(l) => (
              <>
                <div className="muted">{DELIVERY_LABELS[l.delivery_status] ?? l.delivery_status}</div>
                {l.refunded_qty > 0 && (
                  <div data-testid="line-refunded">
                    {l.refunded_qty === l.qty ? 'Refunded' : `${l.refunded_qty} of ${l.qty} refunded`}
                  </div>
                )}
              </>
            )}
          />
          <OrderDetailTotals order={o} />
        </Card>
        <Card as="section" aria-labelledby="timeline-h">
          <h2 id="timeline-h">Timeline</h2>
          <ol className="timeline">
            {o.history.map((h) => (
              <li key={`${h.at}-${h.status}`}>
                <strong>{STATUS_LABELS[h.status] ?? h.status}</strong> <span className="muted">{formatDateTime(h.at)}</span>
                {h.note && <div>{h.note}</div>}
              </li>
            ))}
          </ol>
          {o.shipments.length > 0 && (
            <>
              <h3>Shipments</h3>
              <ul>
                {o.shipments.map((s) => (
                  <li key={s.id}>
                    {s.carrier}: <strong>{s.tracking_number}</strong> <span className="muted">({formatDate(s.shipped_at)})</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
        {o.refunds.length > 0 && (
          <Card as="section" aria-labelledby="refunds-h">
            <h2 id="refunds-h">Refunds</h2>
            <OrderRefunds order={o} />
          </Card>
        )}
        <Card as="section" aria-labelledby="payment-h">
          <h2 id="payment-h">Payment</h2>
          <p>
            {o.payment.name} — {o.payment.status.replace('_', ' ')}
            {o.payment.card && ` (${o.payment.card.brand} ending in ${o.payment.card.last4})`}
          </p>
          {o.payment.bank_details.length > 0 && o.payment.status === 'pending' && (
            <dl className="bank">
              {o.payment.bank_details.map((b) => (
                <div key={b.label}>
                  <dt>{b.label}</dt>
                  <dd>{b.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {o.payment.pay_by && <p>Pay by {formatDate(o.payment.pay_by)}, or the order is cancelled.</p>}
        </Card>
        <Card as="section" aria-labelledby="addr-h">
          <h2 id="addr-h">Addresses</h2>
          <p>
            <strong>{o.shipping.name}</strong>
            {o.shipping.details.carrier && ` — ${o.shipping.details.carrier}, account ${o.shipping.details.account_number}`}
            {o.shipping.details.pickup_label && ` — ${o.shipping.details.pickup_label}`}
          </p>
          {o.shipping.address && (
            <>
              <h3>Shipping</h3>
              <AddressBlock a={o.shipping.address} />
            </>
          )}
          <h3>Billing</h3>
          <AddressBlock a={o.billing_address} />
        </Card>
      </div>
    </div>
  );
}
