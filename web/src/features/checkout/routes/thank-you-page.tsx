import { Link, useSearchParams } from 'react-router';
import { OrderDeliverables } from '@/components/order-deliverables';
import { OrderDetailLines, OrderDetailTotals } from '@/components/order-detail-amounts';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/money';
import { useOrder } from '@/lib/resources/orders/get-order';
import { formatDate } from '@/lib/time-format';
import '../checkout.css';

function ThankYou({ number }: { number: string }) {
  const order = useOrder(number);
  if (order.isPending) return <Spinner label="Loading your order" />;
  if (order.isError) return <p role="alert">We could not load order {number}. It is in your order list.</p>;
  const o = order.data;
  const bank = o.payment.method === 'bank_transfer' && o.payment.status === 'pending';
  return (
    <div className="thank-you">
      <p className="thank-you__number">
        Order number <strong data-testid="order-number">{o.number}</strong>
      </p>
      <p>
        Total {formatMoney(o.totals.total.cents, o.totals.total.currency)} · {o.payment.name}
        {o.payment.card && ` (${o.payment.card.brand} ending in ${o.payment.card.last4})`}
      </p>
      {o.quotation_number && (
        <p>
          Paid from quotation <Link to={`/account/quotation/${encodeURIComponent(o.quotation_number)}`}>{o.quotation_number}</Link>, at
          its quoted prices.
        </p>
      )}
      <p>We sent a confirmation to your e-mail address.</p>
      <OrderDeliverables order={o} />
      <section className="thank-you__order" aria-labelledby="thank-you-items">
        <h2 id="thank-you-items">Your order</h2>
        <OrderDetailLines order={o} />
        <OrderDetailTotals order={o} />
      </section>
      <h2>What happens next</h2>
      {bank ? (
        <div className="bank-details">
          <p>Please pay by bank transfer. Use the order number as payment reference.</p>
          <dl>
            {o.payment.bank_details.map((b) => (
              <div key={b.label}>
                <dt>{b.label}</dt>
                <dd>{b.value}</dd>
              </div>
            ))}
          </dl>
          {o.payment.pay_by && <p>Unpaid orders are cancelled after {formatDate(o.payment.pay_by)}.</p>}
          {o.invoice_url && (
            <a href={o.invoice_url} target="_blank" rel="noreferrer">
              Download the proforma invoice (PDF)
            </a>
          )}
        </div>
      ) : (
        <ul>
          {!o.digital_only && <li>We pack your order and e-mail you the tracking number when it ships.</li>}
          {o.delivery && <li>Your digital items (licence keys, plans, eSIMs) are shown on this page and on the order page as soon as they are delivered, and we e-mail them to you.</li>}
        </ul>
      )}
      <p>
        <Link to={`/order/${o.number}`}>View the order</Link> · <Link to="/products">Continue shopping</Link>
      </p>
    </div>
  );
}

export default function ThankYouPage() {
  const [params] = useSearchParams();
  const number = params.get('order');
  return (
    <div className="container page checkout">
      <h1>Thank you for your order</h1>
      {number ? <ThankYou number={number} /> : <p>Your orders are listed under <Link to="/order">Orders</Link>.</p>}
    </div>
  );
}
