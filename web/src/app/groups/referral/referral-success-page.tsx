import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OrderDetailLines, OrderDetailTotals } from '@/components/order-detail-amounts';
import { buttonClassName } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatMoney } from '@/lib/money';
import { useOrder } from '@/lib/resources/orders/get-order';
import { groupPath, useReferralScope } from './referral-context';
import { readThanks } from './referral-checkout-draft';
import { ReferralOwnCode } from './referral-own-code';
import '@/components/order-amounts.css';

/** `checkout-success?order=…`: the order placed, its amounts with the friend's discount, and the referrer's thanks. */
export function ReferralSuccessPage() {
  const scope = useReferralScope();
  const [params] = useSearchParams();
  const number = params.get('order') ?? '';
  const order = useOrder(number);
  const heading = useRef<HTMLHeadingElement>(null);
  const referrer = readThanks();
  useEffect(() => {
    if (order.data) heading.current?.focus();
  }, [order.data]);
  if (!number) {
    return (
      <section className="ministore-page">
        <h1 className="ministore-page__title">No order to show</h1>
        <p>This page shows an order once it is placed.</p>
        <Link to={groupPath(scope, 'products')}>See the products</Link>
      </section>
    );
  }
  if (order.isPending) return <Skeleton height="16rem" />;
  if (order.isError) {
    return (
      <section className="ministore-page" role="alert">
        <h1 className="ministore-page__title">We couldn’t show order {number}</h1>
        <p>{isApiProblem(order.error) ? (order.error.detail ?? messageForProblem(order.error)) : 'Check your connection and reload the page.'}</p>
      </section>
    );
  }
  const o = order.data;
  const paid = o.payment.status === 'paid' || o.payment.status === 'authorized' || o.payment.status === 'captured';
  return (
    <section className="ref-success" aria-labelledby="ref-success-title" data-testid="referral-success">
      <title>{`Thank you — order ${o.number}`}</title>
      <h1 id="ref-success-title" ref={heading} tabIndex={-1} className="ministore-list__title">
        Thank you! Order <span data-testid="order-number">{o.number}</span> is placed
      </h1>
      {o.app_referral && (
        <p className="ref-success__thanks" data-testid="referrer-thanks">
          {referrer ?? 'Your friend'} thanks you for ordering with their code {o.app_referral.code}: you saved{' '}
          {formatMoney(o.app_referral.discount.cents, o.app_referral.discount.currency)}
          {paid ? ', and they earn a reward for it.' : '; they earn a reward once your order is paid.'}
        </p>
      )}
      <p>
        {o.payment.name}
        {o.payment.card && ` (${o.payment.card.brand} ending in ${o.payment.card.last4})`}. We’ve e-mailed you the order; what you
        bought is delivered to your account as soon as the payment is through.
      </p>
      <OrderDetailLines order={o} />
      <OrderDetailTotals order={o} />
      <ReferralOwnCode />
      <p className="ministore-page__actions">
        <a className={buttonClassName({})} href={`/order/${encodeURIComponent(o.number)}`}>
          View the order in your account
        </a>
        <Link className={buttonClassName({ variant: 'secondary' })} to={groupPath(scope, 'products')}>
          Keep shopping
        </Link>
      </p>
    </section>
  );
}
