import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { type ApiProblem, isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useAddresses } from '@/lib/resources/addresses/get-addresses';
import { useCheckoutOptions } from '@/lib/resources/checkout/get-checkout-options';
import { checkoutKeys } from '@/lib/resources/checkout/query-keys';
import { formatMoney } from '@/lib/money';
import { orderTotal, priceChangedTotal } from '@/lib/checkout/totals';
import { usePlaceOrder } from '../api/place-order';
import { CheckoutSteps } from '../components/checkout-steps';
import { CheckoutTotals } from '@/components/checkout/checkout-totals';
import { OrderLines, checkoutLineViews } from '@/components/checkout/order-lines';
import { RequireSignIn } from '../components/require-sign-in';
import { TestModeBanner } from '@/components/checkout/test-mode-banner';
import { destinationOf } from '@/lib/checkout/destination';
import { type CheckoutDraft, clearDraft, loadDraft, newAttemptKey, orderRequest, saveDraft, sectionOf } from '@/lib/checkout/draft';
import { useCartReferralDiscount } from '@/lib/resources/referrals';
import '../checkout.css';

type State = { kind: 'idle' } | { kind: 'SUBMITTING' } | { kind: 'FAILED'; problem: ApiProblem | null; message: string };

const PAYMENT_NAMES: Record<string, string> = {
  card: 'Credit Card',
  paypal: 'Paypal Payment',
  bank_transfer: 'Bank Transfer',
  credit_terms: 'Credit Terms Payment',
};

function Review() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<CheckoutDraft>(() => loadDraft());
  const [state, setState] = useState<State>({ kind: 'idle' });
  const addresses = useAddresses();
  const options = useCheckoutOptions(destinationOf(draft, addresses.data?.items ?? []), { enabled: !addresses.isPending });
  const referral = useCartReferralDiscount();
  const place = usePlaceOrder();
  const client = useQueryClient();
  const resumed = useRef(false);
  // The server's total after `price_changed`: what placing the order again confirms.
  const [changedTotal, setChangedTotal] = useState<number | null>(null);

  const submit = (paymentIntent?: string) => {
    if (!options.data) return;
    const key = newAttemptKey();
    // The total the buyer confirms: the one shown, or (back from the gateway) the one confirmed
    // before leaving; the server refuses the order with `price_changed` if it is no longer right.
    const shown = changedTotal ?? orderTotal(options.data, draft.shippingMethod);
    const expected = paymentIntent && draft.shownTotal != null ? draft.shownTotal : shown;
    const next = { ...draft, attemptKey: key, shownTotal: expected };
    setDraft(next);
    saveDraft(next);
    setState({ kind: 'SUBMITTING' });
    const body = orderRequest(next, options.data.shipping_required, { paymentIntent, expectedTotal: expected });
    place.mutate(
      { body, key },
      {
        onSuccess: (order) => {
          clearDraft();
          void navigate(`/checkout/thank-you?order=${encodeURIComponent(order.number)}`, { replace: true });
        },
        onError: (e) => {
          if (isApiProblem(e) && e.code === 'payment_requires_action' && typeof e.extensions.redirect_url === 'string') {
            window.location.assign(e.extensions.redirect_url);
            return;
          }
          const problem = isApiProblem(e) ? e : null;
          // Prices moved since the page was shown: price the summary again and show the new total.
          const changed = priceChangedTotal(problem);
          if (changed != null) {
            setChangedTotal(changed);
            void client.invalidateQueries({ queryKey: checkoutKeys.all });
          }
          setState({
            kind: 'FAILED',
            problem,
            message:
              changed != null
                ? `Prices changed since this page was shown: the total is now ${formatMoney(changed, options.data?.currency ?? 'USD')}. Check the products and totals, then place the order again.`
                : problem
                  ? (problem.detail ?? messageForProblem(problem))
                  : 'The order could not be placed.',
          });
          // The section's field errors go back onto its fields when the customer follows "Fix this".
          const shippingErrors = (problem?.errors ?? [])
            .filter((fe) => sectionOf(fe.field) === 'ShippingInformation')
            .map(({ field, message }) => ({ field, message }));
          // A used card token cannot pay again: ask for the card once more.
          const cardUsed = problem?.code === 'payment_declined' || Boolean(problem?.fieldErrors['payment.token']);
          if (cardUsed || shippingErrors.length > 0) {
            const updated = { ...next, shippingErrors, card: cardUsed ? null : next.card };
            setDraft(updated);
            saveDraft(updated);
          }
        },
      },
    );
  };

  // Back from the gateway's 3-D Secure or PayPal page: place the order with the approved payment.
  const intent = params.get('payment_intent');
  useEffect(() => {
    if (!intent || resumed.current || !options.data) return;
    resumed.current = true;
    setParams({}, { replace: true });
    submit(intent);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intent, options.data]);

  if (addresses.isPending || options.isPending) return <Spinner label="Loading your order" />;
  if (!options.data) return <p role="alert">Your order could not be loaded. Reload the page to try again.</p>;
  const o = options.data;
  if (o.lines.length === 0 && state.kind !== 'SUBMITTING') {
    return (
      <div className="checkout-alert" role="status">
        <p>Your cart is empty.</p>
        <Link to="/order">See your orders</Link>
      </div>
    );
  }
  if (!draft.payment || (o.shipping_required && !draft.shippingMethod)) {
    return (
      <div className="checkout-alert" role="status">
        <p>Some checkout steps are not done yet.</p>
        <Link to={!draft.payment ? '/checkout/payment' : '/checkout'}>Continue checkout</Link>
      </div>
    );
  }
  const option = o.shipping_options.find((s) => s.method === draft.shippingMethod);
  const addressText = (choice: CheckoutDraft['shipping']) => {
    const a = choice.id ? addresses.data?.items.find((x) => x.id === choice.id) : choice.fields;
    return a ? [a.name, a.company, a.line1, a.line2, `${a.city} ${a.state ?? ''} ${a.postal_code}`, a.country].filter(Boolean).join(', ') : '—';
  };
  const billingSame = o.shipping_required && draft.shippingMethod !== 'pickup' && draft.billingSameAsShipping;
  const groups = new Map<string, string[]>();
  for (const fe of state.kind === 'FAILED' ? (state.problem?.errors ?? []) : []) {
    const s = sectionOf(fe.field);
    groups.set(s, [...(groups.get(s) ?? []), fe.message]);
  }
  const needsNewCard = draft.payment === 'card' && !draft.card;

  return (
    <div className="checkout-grid">
      <div className="checkout-main">
        {o.gateway.test_mode && (draft.payment === 'card' || draft.payment === 'paypal') && <TestModeBanner />}
        {state.kind === 'FAILED' && (
          <div role="alert" className="checkout-failed" data-state="FAILED">
            <h2>The order was not placed</h2>
            <p>{state.message}</p>
            {[...groups.entries()].map(([section, messages]) => (
              <div key={section} className="checkout-failed__group">
                <h3>{section === 'ShippingInformation' ? 'Shipping information' : section === 'ProductList' ? 'Products' : 'Payment'}</h3>
                <ul>
                  {messages.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
                <Link to={section === 'Payment' ? '/checkout/payment' : section === 'ProductList' ? '/cart' : '/checkout'}>Fix this</Link>
              </div>
            ))}
            {!state.message.includes('cart is unchanged') && <p className="muted">Your cart is unchanged.</p>}
            <div className="form-actions">
              {needsNewCard ? (
                <Link className="ui-button ui-button--primary ui-button--md" to="/checkout/payment">
                  Enter a card again
                </Link>
              ) : (
                <Button onClick={() => submit()}>Try again</Button>
              )}
              <Link to="/checkout/payment">Choose another payment method</Link>
            </div>
          </div>
        )}
        <Card as="section" aria-labelledby="review-shipping">
          <h2 id="review-shipping">Shipping information</h2>
          {o.shipping_required ? (
            <p>
              <strong>{option?.name}</strong>
              {draft.shippingMethod === 'customer_provided' && ` — ${draft.carrier}, account ${draft.accountNumber}`}
              {draft.shippingMethod === 'pickup' && ` — ${option?.pickup_locations.find((p) => p.code === draft.pickupLocation)?.label ?? ''}`}
              {option?.min_days != null && ` — delivery in ${option.min_days}–${option.max_days} business days`}
            </p>
          ) : (
            <p>Digital delivery — nothing to ship.</p>
          )}
          {o.shipping_required && draft.shippingMethod !== 'pickup' && <p>Ship to: {addressText(draft.shipping)}</p>}
          <p>Bill to: {billingSame ? addressText(draft.shipping) : addressText(draft.billing)}</p>
          <Link to="/checkout">Change</Link>
        </Card>
        <Card as="section" aria-labelledby="review-payment">
          <h2 id="review-payment">Payment</h2>
          <p>
            <strong>{PAYMENT_NAMES[draft.payment]}</strong>
            {draft.payment === 'card' && draft.card && ` — ${draft.card.brand} ending in ${draft.card.last4}`}
          </p>
          <Link to="/checkout/payment">Change</Link>
        </Card>
      </div>
      <aside className="checkout-side">
        <Card as="section" aria-labelledby="review-products" data-section="ProductList">
          <h2 id="review-products">Products</h2>
          <OrderLines lines={checkoutLineViews(o)} />
          <CheckoutTotals referral={referral} o={o} method={draft.shippingMethod} />
          <Button
            size="lg"
            fullWidth
            onClick={() => submit()}
            disabled={state.kind === 'SUBMITTING' || needsNewCard}
            loading={state.kind === 'SUBMITTING'}
            data-state={state.kind}
          >
            {state.kind === 'SUBMITTING' ? 'Placing your order…' : 'Place order'}
          </Button>
          <p className="visually-hidden" aria-live="polite">
            {state.kind === 'SUBMITTING' ? 'Placing your order, please wait.' : ''}
          </p>
          {state.kind === 'SUBMITTING' && (
            <div className="submitting" data-state="SUBMITTING">
              <progress aria-label="Placing your order" />
              <span>Placing your order — do not close this page.</span>
            </div>
          )}
        </Card>
      </aside>
    </div>
  );
}

export default function ConfirmOrderPage() {
  return (
    <div className="container page checkout">
      <h1>Review and place your order</h1>
      <CheckoutSteps current={2} />
      <RequireSignIn>
        <Review />
      </RequireSignIn>
    </div>
  );
}
