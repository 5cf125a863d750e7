import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type FieldPath, FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CheckoutTotals } from '@/components/checkout/checkout-totals';
import { checkoutLineViews, OrderLines } from '@/components/checkout/order-lines';
import { PaymentMethodChoice, PaymentMethodNote } from '@/components/checkout/payment-method-choice';
import { ShippingFields } from '@/components/checkout/shipping-fields';
import { TestModeBanner } from '@/components/checkout/test-mode-banner';
import { CardForm, type CardInput } from '@/components/payments/card-form';
import { AppReferralBox } from '@/components/referrals/referral-code-box';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePlaceOrder } from '@/features/checkout/api/place-order';
import type { PlaceOrderRequest } from '@/features/checkout/api/types';
import { type ApiProblem, isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useCurrentUser } from '@/lib/auth/session';
import { destinationOf } from '@/lib/checkout/destination';
import { emptyDraft, newAttemptKey, orderRequest, type PaymentCode } from '@/lib/checkout/draft';
import { formFieldOf, shippingSchema, shippingValuesOf, type ShippingValues, withShippingValues } from '@/lib/checkout/shipping-schema';
import { orderTotal, priceChangedTotal } from '@/lib/checkout/totals';
import { formatMoney } from '@/lib/money';
import { type CardErrors, checkCard, digitsOf, parseExpiry } from '@/lib/payments/card';
import { tokenizeCard } from '@/lib/payments/tokenize-card';
import { useAddresses } from '@/lib/resources/addresses/get-addresses';
import type { Address } from '@/lib/resources/addresses/types';
import { useCart } from '@/lib/resources/cart/get-cart';
import { useCheckoutOptions } from '@/lib/resources/checkout/get-checkout-options';
import { checkoutKeys } from '@/lib/resources/checkout/query-keys';
import { referralDiscountOf } from '@/lib/resources/referrals';
import { groupPath, useReferralScope } from './referral-context';
import { clearReferralCheckout, loadReferralCheckout, rememberThanks, saveReferralCheckout } from './referral-checkout-draft';
import '@/components/checkout/checkout-form.css';

type State = { kind: 'idle' } | { kind: 'SUBMITTING'; step: string } | { kind: 'FAILED'; message: string; others: string[]; referral: boolean };

function startValues(book: Address[]): ShippingValues {
  const saved = loadReferralCheckout();
  if (saved) return saved.values;
  const values = shippingValuesOf(emptyDraft());
  const ship = book.find((a) => a.is_default_shipping) ?? book[0];
  const bill = book.find((a) => a.is_default_billing) ?? ship;
  if (ship) values.shipping.id = ship.id;
  if (bill) values.billing.id = bill.id;
  return values;
}

function CheckoutForm({ book }: { book: Address[] }) {
  const scope = useReferralScope();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const place = usePlaceOrder();
  const cart = useCart();
  const here = groupPath(scope, 'checkout');
  const [saved] = useState(() => loadReferralCheckout());
  const [payment, setPayment] = useState<PaymentCode | null>(saved?.payment ?? null);
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [state, setState] = useState<State>(
    params.get('redirect_status') === 'cancelled'
      ? { kind: 'FAILED', message: 'You cancelled the PayPal payment. Choose a payment method and place the order again.', others: [], referral: false }
      : { kind: 'idle' },
  );
  const [changedTotal, setChangedTotal] = useState<number | null>(null);
  const failedRef = useRef<HTMLDivElement>(null);
  const resumed = useRef(false);
  const shippingRequired = useRef(true);
  const form = useForm<ShippingValues>({
    defaultValues: startValues(book),
    resolver: (values, context, opts) => zodResolver(shippingSchema(shippingRequired.current))(values, context, opts),
    shouldFocusError: true,
  });
  const values = useWatch({ control: form.control }) as ShippingValues;
  const options = useCheckoutOptions(destinationOf(withShippingValues(emptyDraft(), values), book));

  useEffect(() => {
    if (options.data) shippingRequired.current = options.data.shipping_required;
  }, [options.data]);
  useEffect(() => {
    if (state.kind === 'FAILED') failedRef.current?.focus();
  }, [state]);

  const submit = (body: PlaceOrderRequest, formValues: ShippingValues, code: PaymentCode) => {
    saveReferralCheckout({ values: formValues, payment: code, body });
    const referral = cart.data?.app_referral;
    if (referral?.eligible) rememberThanks(referral.referrer_name);
    setState({ kind: 'SUBMITTING', step: 'Placing the order' });
    place.mutate(
      { body, key: newAttemptKey() },
      {
        onSuccess: (order) => {
          clearReferralCheckout();
          void navigate(`${groupPath(scope, 'checkout-success')}?${new URLSearchParams({ order: order.number }).toString()}`, { replace: true });
        },
        onError: (e) => {
          const problem: ApiProblem | null = isApiProblem(e) ? e : null;
          if (problem?.code === 'payment_requires_action' && typeof problem.extensions.redirect_url === 'string') {
            setState({ kind: 'SUBMITTING', step: 'Opening the payment confirmation page' });
            window.location.assign(problem.extensions.redirect_url);
            return;
          }
          const others: string[] = [];
          for (const fe of problem?.errors ?? []) {
            const name = formFieldOf(fe.field);
            if (name) form.setError(name as FieldPath<ShippingValues>, { type: 'server', message: fe.message });
            else others.push(fe.message);
          }
          if (problem?.code === 'payment_declined' || problem?.fieldErrors['payment.token']) setCard({ number: '', expiry: '', cvc: '' });
          const changed = priceChangedTotal(problem);
          if (changed != null) {
            setChangedTotal(changed);
            void client.invalidateQueries({ queryKey: checkoutKeys.all });
          }
          const referralRefused = problem?.code === 'referral_not_eligible';
          if (referralRefused) void cart.refetch();
          setState({
            kind: 'FAILED',
            referral: referralRefused,
            others: referralRefused ? [] : others,
            message:
              changed != null
                ? `Prices changed since this page was shown: the total is now ${formatMoney(changed, options.data?.currency ?? 'USD')}. Check the order, then place it again.`
                : referralRefused
                  ? `${problem?.errors[0]?.message ?? problem?.detail ?? 'The referral code can’t be used on this order.'} Remove the code below to place the order without it.`
                  : problem
                    ? (problem.detail ?? messageForProblem(problem))
                    : 'The order could not be placed. Check your connection and try again.',
          });
        },
      },
    );
  };

  // Back from the gateway's 3-D Secure or PayPal page: place the order with the approved payment.
  const intent = params.get('payment_intent');
  const redirectStatus = params.get('redirect_status');
  useEffect(() => {
    if ((!intent && !redirectStatus) || resumed.current) return;
    resumed.current = true;
    setParams({}, { replace: true });
    if (!intent || redirectStatus === 'cancelled' || !saved) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- placing the order is the point of coming back
    submit({ ...saved.body, payment: { method: saved.payment, token: null, payment_intent: intent } }, saved.values, saved.payment);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the way back
  }, [intent]);

  const onPlace = form.handleSubmit(
    async (formValues) => {
      setPaymentError(null);
      if (!options.data) return;
      if (!payment) {
        setPaymentError('Choose a payment method.');
        document.getElementById('referral-methods')?.focus();
        return;
      }
      let token: string | null = null;
      if (payment === 'card') {
        const errs = checkCard(card.number, card.expiry, card.cvc);
        setCardErrors(errs);
        if (Object.keys(errs).length > 0) {
          document.getElementById('card-number')?.focus();
          return;
        }
        const exp = parseExpiry(card.expiry)!;
        setState({ kind: 'SUBMITTING', step: 'Checking the card' });
        try {
          token = (await tokenizeCard(options.data.gateway.tokenize_url, { number: digitsOf(card.number), exp_month: exp.month, exp_year: exp.year, cvc: card.cvc })).id;
        } catch (e) {
          if (isApiProblem(e) && e.code === 'validation_failed') {
            setCardErrors({ number: e.fieldErrors.number, expiry: e.fieldErrors.exp_year ?? e.fieldErrors.exp_month, cvc: e.fieldErrors.cvc });
            setState({ kind: 'idle' });
          } else {
            setState({ kind: 'FAILED', referral: false, others: [], message: isApiProblem(e) ? messageForProblem(e) : 'The card could not be checked. Try again.' });
          }
          return;
        }
      }
      const draft = { ...withShippingValues(emptyDraft(), formValues), payment, card: null };
      const order = orderRequest(draft, options.data.shipping_required, {
        expectedTotal: changedTotal ?? orderTotal(options.data, formValues.shippingMethod || null),
        returnPath: here,
        cancelPath: here,
      });
      submit({ ...order, payment: { ...order.payment, token } }, formValues, payment);
    },
    () => setState((s) => (s.kind === 'FAILED' ? { kind: 'idle' } : s)),
  );

  if (options.isPending) return <Skeleton height="20rem" />;
  if (options.isError) {
    const p = options.error;
    return (
      <div role="alert" className="form-alert form-alert--error">
        <p>{isApiProblem(p) ? (p.detail ?? messageForProblem(p)) : 'Your cart could not be loaded for checkout.'}</p>
        <p>
          <Button variant="secondary" size="sm" onClick={() => void options.refetch()}>
            Try again
          </Button>{' '}
          <Link to={groupPath(scope, 'cart')}>Back to the cart</Link>
        </p>
      </div>
    );
  }
  const o = options.data;
  const submitting = state.kind === 'SUBMITTING';
  if (o.lines.length === 0 && !submitting) {
    return (
      <div role="status">
        <p>Your cart is empty.</p>
        <Link to={groupPath(scope, 'products')}>See the products</Link>
      </div>
    );
  }
  const methods = o.payment_methods.filter((m) => m.code !== 'not_available');
  const anyUsable = methods.some((m) => m.available);
  const total = changedTotal ?? orderTotal(o, values.shippingMethod || null);

  return (
    <FormProvider {...form}>
      <form className="ref-checkout" noValidate onSubmit={(e) => void onPlace(e)}>
        <div className="ref-checkout__main">
          {state.kind === 'FAILED' && (
            <div ref={failedRef} tabIndex={-1} role="alert" className="ref-failed" data-testid="referral-checkout-failed">
              <h2>The order was not placed</h2>
              <p>{state.message}</p>
              {state.others.length > 0 && (
                <ul>
                  {state.others.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              )}
              {!state.referral && <p>Nothing was charged. Fix what is marked, or choose another payment method, then place the order again.</p>}
            </div>
          )}
          <section aria-labelledby="ref-billing-h" className="ref-section">
            <h2 id="ref-billing-h">{o.shipping_required ? 'Shipping and billing' : 'Your billing address'}</h2>
            {!o.shipping_required && <p className="muted">Everything in the cart is delivered digitally, so there is nothing to ship.</p>}
            <ShippingFields o={o} book={book} idPrefix="referral" />
          </section>
          <section aria-labelledby="ref-payment-h" className="ref-section">
            <h2 id="ref-payment-h">Payment</h2>
            {o.gateway.test_mode && (payment === 'card' || payment === 'paypal') && <TestModeBanner />}
            {!anyUsable ? (
              <p role="alert">None of the payment methods can be used for this cart. Contact Uplink support to arrange the payment.</p>
            ) : (
              <PaymentMethodChoice
                id="referral-methods"
                methods={methods}
                value={payment}
                onChange={(code) => {
                  setPayment(code);
                  setPaymentError(null);
                }}
                error={paymentError}
              />
            )}
            {payment === 'card' && <CardForm value={card} onChange={setCard} errors={cardErrors} />}
            <PaymentMethodNote method={payment} />
          </section>
        </div>
        <aside className="ref-checkout__side">
          <Card as="section" aria-labelledby="ref-summary-h">
            <h2 id="ref-summary-h">Your order</h2>
            <OrderLines lines={checkoutLineViews(o, true)} />
            <p>
              <Link to={groupPath(scope, 'cart')}>Change the cart</Link>
            </p>
            {cart.data && <AppReferralBox cart={cart.data} compact />}
            <CheckoutTotals o={o} method={values.shippingMethod || null} referral={referralDiscountOf(cart.data)} />
            <Button type="submit" size="lg" fullWidth loading={submitting} disabled={submitting || !anyUsable} data-state={state.kind}>
              {submitting ? 'Placing the order…' : total != null ? `Place order · ${formatMoney(total, o.currency)}` : 'Place order'}
            </Button>
            <p className="visually-hidden" aria-live="polite">
              {submitting ? `${state.step}, please wait.` : ''}
            </p>
          </Card>
        </aside>
      </form>
    </FormProvider>
  );
}

function WithAddresses() {
  const addresses = useAddresses();
  return addresses.isPending ? <Skeleton height="20rem" /> : <CheckoutForm book={addresses.data?.items ?? []} />;
}

/** `checkout`: one page — billing (and shipping), payment, the friend's code and the totals — then the order (`POST /orders`). */
export function ReferralCheckoutPage() {
  const scope = useReferralScope();
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <Skeleton height="20rem" />;
  if (!user) {
    const returnTo = `${location.pathname}${location.search}`;
    return <Navigate to={`${groupPath(scope, 'sso/callback')}?${new URLSearchParams({ return_to: returnTo }).toString()}`} replace />;
  }
  return (
    <section className="ministore-list" aria-labelledby="ref-checkout-title">
      <title>{`Checkout — ${scope.displayName}`}</title>
      <h1 id="ref-checkout-title" className="ministore-list__title">
        Checkout
      </h1>
      <WithAddresses />
    </section>
  );
}
