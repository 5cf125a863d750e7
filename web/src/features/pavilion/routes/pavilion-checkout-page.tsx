import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type FieldPath, FormProvider, useForm, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { CheckoutTotals } from '@/components/checkout/checkout-totals';
import { checkoutLineViews, OrderLines } from '@/components/checkout/order-lines';
import { PaymentMethodChoice, PaymentMethodNote } from '@/components/checkout/payment-method-choice';
import { ShippingFields } from '@/components/checkout/shipping-fields';
import { TestModeBanner } from '@/components/checkout/test-mode-banner';
import { PartnerOnly } from '@/components/partner-only';
import { PartnerPriceBadge } from '@/components/partner-price-badge';
import { CardForm, type CardInput } from '@/components/payments/card-form';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { type ApiProblem, isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { destinationOf } from '@/lib/checkout/destination';
import { emptyDraft, newAttemptKey, orderRequest, type PaymentCode } from '@/lib/checkout/draft';
import { shippingValuesOf, withShippingValues } from '@/lib/checkout/shipping-schema';
import { orderTotal, priceChangedTotal } from '@/lib/checkout/totals';
import { formatMoney } from '@/lib/money';
import { type CardErrors, checkCard, digitsOf, parseExpiry } from '@/lib/payments/card';
import { tokenizeCard } from '@/lib/payments/tokenize-card';
import { useAddresses } from '@/lib/resources/addresses/get-addresses';
import type { Address } from '@/lib/resources/addresses/types';
import { useCheckoutOptions } from '@/lib/resources/checkout/get-checkout-options';
import { checkoutKeys } from '@/lib/resources/checkout/query-keys';
import type { OrderDetail } from '@/lib/resources/orders/types';
import { usePartnerPrices } from '@/lib/resources/stores/get-current-store';
import { leaveMiniStore, readMiniStoreKey } from '@/lib/store-cookie';
import { type PavilionOrderRequest, usePlacePavilionOrder } from '../api/place-pavilion-order';
import { clearPavilionDraft, loadPavilionDraft, PAVILION_PATH, savePavilionDraft } from '../lib/pavilion-draft';
import { endCustomerOf, pavilionFieldOf, pavilionSchema, type PavilionValues } from '../lib/pavilion-schema';
import '../pavilion.css';

type State =
  | { kind: 'idle' }
  | { kind: 'SUBMITTING'; step: string }
  | { kind: 'FAILED'; problem: ApiProblem | null; message: string; others: string[] }
  | { kind: 'DONE'; order: OrderDetail; endCustomer: { name: string; email: string } };

/** Starts from the address book's defaults (or what was sent before a gateway redirect). */
function startValues(book: Address[]): PavilionValues {
  const saved = loadPavilionDraft();
  if (saved) return saved.values;
  const values: PavilionValues = { ...shippingValuesOf(emptyDraft()), endCustomer: { name: '', company: '', email: '' } };
  const ship = book.find((a) => a.is_default_shipping) ?? book[0];
  const bill = book.find((a) => a.is_default_billing) ?? ship;
  if (ship) values.shipping.id = ship.id;
  if (bill) values.billing.id = bill.id;
  return values;
}

function EndCustomerFields() {
  const { errors } = useFormState<PavilionValues>({ name: 'endCustomer' });
  const { register } = useFormContext<PavilionValues>();
  const e = errors.endCustomer;
  return (
    <div className="pavilion-customer">
      <Input id="end-customer-name" label="Name" required autoComplete="off" error={e?.name?.message} {...register('endCustomer.name')} />
      <Input id="end-customer-company" label="Company" autoComplete="off" error={e?.company?.message} {...register('endCustomer.company')} />
      <Input
        id="end-customer-email"
        className="pavilion-customer__email"
        label="E-mail"
        type="email"
        required
        autoComplete="off"
        hint="Their delivery e-mail goes here, with an invitation to set up an account when they have none."
        error={e?.email?.message}
        {...register('endCustomer.email')}
      />
    </div>
  );
}

/** The order is placed: which one, for whom, and what the end customer receives. */
function Done({ order, endCustomer }: { order: OrderDetail; endCustomer: { name: string; email: string } }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const bank = order.payment.method === 'bank_transfer' && order.payment.status === 'pending';
  return (
    <div className="pavilion-done" data-testid="pavilion-done">
      <h2 ref={heading} tabIndex={-1}>
        Order <span data-testid="order-number">{order.number}</span> is placed for {endCustomer.name}
      </h2>
      <p>
        Total {formatMoney(order.totals.total.cents, order.totals.total.currency)} · {order.payment.name}
        {order.payment.card && ` (${order.payment.card.brand} ending in ${order.payment.card.last4})`}
      </p>
      <ul>
        <li>
          {bank
            ? 'Once you have paid by bank transfer, '
            : 'As soon as the payment is through, '}
          the licences, warranties and plans land on {endCustomer.name}’s devices, and we e-mail{' '}
          <strong className="pavilion-done__email">{endCustomer.email}</strong> what was delivered (never your price).
        </li>
        <li>
          If {endCustomer.name} has no Uplink account yet, that e-mail also invites them to set one up: their devices are waiting
          there.
        </li>
        <li>The order is yours: you find it under your orders and on your partner dashboard.</li>
      </ul>
      <p className="pavilion-done__actions">
        <Link className={buttonClassName({})} to={`/order/${encodeURIComponent(order.number)}`}>
          View the order
        </Link>
        <Link className={buttonClassName({ variant: 'secondary' })} to="/partner">
          Partner dashboard
        </Link>
        <Link to="/products">Shop for another customer</Link>
      </p>
    </div>
  );
}

function PavilionForm({ book }: { book: Address[] }) {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const place = usePlacePavilionOrder();
  const partnerPrices = usePartnerPrices();
  // What was sent before a 3-D Secure or PayPal redirect (the form and the request to finish).
  const [saved] = useState(() => loadPavilionDraft());
  const [payment, setPayment] = useState<PaymentCode | null>(saved?.payment ?? null);
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [state, setState] = useState<State>(
    params.get('redirect_status') === 'cancelled'
      ? { kind: 'FAILED', problem: null, message: 'You cancelled the PayPal payment. Choose a payment method and place the order again.', others: [] }
      : { kind: 'idle' },
  );
  const [changedTotal, setChangedTotal] = useState<number | null>(null);
  const failedRef = useRef<HTMLDivElement>(null);
  const resumed = useRef(false);
  const shippingRequired = useRef(true);
  const form = useForm<PavilionValues>({
    defaultValues: startValues(book),
    resolver: (values, context, opts) => zodResolver(pavilionSchema(shippingRequired.current))(values, context, opts),
    shouldFocusError: true,
  });
  const { control, setError } = form;
  const values = useWatch({ control }) as PavilionValues;
  const destination = destinationOf(withShippingValues(emptyDraft(), values), book);
  const options = useCheckoutOptions(destination);

  useEffect(() => {
    if (options.data) shippingRequired.current = options.data.shipping_required;
  }, [options.data]);
  useEffect(() => {
    if (state.kind === 'FAILED') failedRef.current?.focus();
  }, [state]);

  const submit = (body: PavilionOrderRequest, formValues: PavilionValues, code: PaymentCode) => {
    const key = newAttemptKey();
    savePavilionDraft({ values: formValues, payment: code, body });
    setState({ kind: 'SUBMITTING', step: 'Placing the order' });
    place.mutate(
      { body, key },
      {
        onSuccess: (order) => {
          clearPavilionDraft();
          setState({ kind: 'DONE', order, endCustomer: { name: body.end_customer.name, email: body.end_customer.email } });
        },
        onError: (e) => {
          const problem = isApiProblem(e) ? e : null;
          if (problem?.code === 'payment_requires_action' && typeof problem.extensions.redirect_url === 'string') {
            setState({ kind: 'SUBMITTING', step: 'Opening the payment confirmation page' });
            window.location.assign(problem.extensions.redirect_url);
            return;
          }
          const others: string[] = [];
          for (const fe of problem?.errors ?? []) {
            const name = pavilionFieldOf(fe.field);
            if (name) setError(name as FieldPath<PavilionValues>, { type: 'server', message: fe.message });
            else others.push(fe.message);
          }
          if (problem?.code === 'payment_declined' || problem?.fieldErrors['order.payment.token']) setCard({ number: '', expiry: '', cvc: '' });
          const changed = priceChangedTotal(problem);
          if (changed != null) {
            setChangedTotal(changed);
            void client.invalidateQueries({ queryKey: checkoutKeys.all });
          }
          setState({
            kind: 'FAILED',
            problem,
            others,
            message:
              changed != null
                ? `Prices changed since this page was shown: the total is now ${formatMoney(changed, options.data?.currency ?? 'USD')}. Check the order, then place it again.`
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
    // Placing the order is the point of this effect (as checkout's confirm page does on its way back).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    submit(
      { ...saved.body, order: { ...saved.body.order, payment: { method: saved.payment, token: null, payment_intent: intent } } },
      saved.values,
      saved.payment,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the way back
  }, [intent]);

  const onPlace = form.handleSubmit(
    async (formValues) => {
      setPaymentError(null);
      if (!options.data) return;
      if (!payment) {
        setPaymentError('Choose a payment method.');
        document.getElementById('pavilion-methods')?.focus();
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
          const tok = await tokenizeCard(options.data.gateway.tokenize_url, {
            number: digitsOf(card.number),
            exp_month: exp.month,
            exp_year: exp.year,
            cvc: card.cvc,
          });
          token = tok.id;
        } catch (e) {
          if (isApiProblem(e) && e.code === 'validation_failed') {
            setCardErrors({ number: e.fieldErrors.number, expiry: e.fieldErrors.exp_year ?? e.fieldErrors.exp_month, cvc: e.fieldErrors.cvc });
            setState({ kind: 'idle' });
          } else {
            setState({
              kind: 'FAILED',
              problem: isApiProblem(e) ? e : null,
              others: [],
              message: isApiProblem(e) ? messageForProblem(e) : 'The card could not be checked. Try again.',
            });
          }
          return;
        }
      }
      const draft = { ...withShippingValues(emptyDraft(), formValues), payment, card: null };
      const expected = changedTotal ?? orderTotal(options.data, formValues.shippingMethod || null);
      const order = orderRequest(draft, options.data.shipping_required, {
        expectedTotal: expected,
        returnPath: PAVILION_PATH,
        cancelPath: PAVILION_PATH,
      });
      submit({ end_customer: endCustomerOf(formValues.endCustomer), order: { ...order, payment: { ...order.payment, token } } }, formValues, payment);
    },
    () => setState((s) => (s.kind === 'FAILED' ? { kind: 'idle' } : s)),
  );

  if (state.kind === 'DONE') return <Done order={state.order} endCustomer={state.endCustomer} />;
  if (options.isPending) return <Skeleton height="20rem" />;
  if (options.isError) {
    const p = options.error;
    return (
      <div role="alert" className="form-alert form-alert--error">
        <p>{isApiProblem(p) ? (p.detail ?? messageForProblem(p)) : 'Your cart could not be loaded for checkout.'}</p>
        <p className="pavilion-actions">
          <Button variant="secondary" size="sm" onClick={() => void options.refetch()}>
            Try again
          </Button>
          <Link to="/cart">Back to the cart</Link>
        </p>
      </div>
    );
  }
  const o = options.data;
  const submitting = state.kind === 'SUBMITTING';
  if (o.lines.length === 0 && !submitting) {
    return (
      <div className="partner-only" role="status" data-testid="pavilion-empty">
        <h2>Your cart is empty</h2>
        <p>Put the products for your customer in your cart first — at your partner prices — then come back here to check out for them.</p>
        <p className="partner-only__actions">
          <Link className={buttonClassName({})} to="/products">
            Browse products
          </Link>
          <Link to="/quick-order">Quick order by SKU</Link>
        </p>
      </div>
    );
  }
  const methods = o.payment_methods.filter((m) => m.code !== 'not_available');
  const anyUsable = methods.some((m) => m.available);
  const total = changedTotal ?? orderTotal(o, values.shippingMethod || null);
  const m = (cents: number) => formatMoney(cents, o.currency);

  return (
    <FormProvider {...form}>
      <form className="pavilion-grid" noValidate onSubmit={(e) => void onPlace(e)}>
        <div className="pavilion-main">
          {state.kind === 'FAILED' && (
            <div ref={failedRef} tabIndex={-1} role="alert" className="pavilion-failed" data-state="FAILED">
              <h2>The order was not placed</h2>
              <p>{state.message}</p>
              {state.others.length > 0 && (
                <ul>
                  {state.others.map((o) => (
                    <li key={o}>{o}</li>
                  ))}
                </ul>
              )}
              <p>Nothing was charged and your cart is unchanged. Fix what is marked, or choose another payment method, then place the order again.</p>
            </div>
          )}
          <section aria-labelledby="end-customer-h" className="pavilion-section" data-section="EndCustomer">
            <h2 id="end-customer-h">End customer</h2>
            <p className="muted">Who you are buying for. Their licences land on their devices; they never see your price.</p>
            <EndCustomerFields />
          </section>
          <section aria-labelledby="pavilion-shipping-h" className="pavilion-section" data-section="ShippingInformation">
            <h2 id="pavilion-shipping-h">{o.shipping_required ? 'Shipping and billing' : 'Your billing address'}</h2>
            {!o.shipping_required && <p className="muted">Everything in the cart is delivered digitally, so there is nothing to ship. You are billed.</p>}
            <ShippingFields o={o} book={book} idPrefix="pavilion" />
          </section>
          <section aria-labelledby="pavilion-payment-h" className="pavilion-section">
            <h2 id="pavilion-payment-h">Payment</h2>
            {o.gateway.test_mode && (payment === 'card' || payment === 'paypal') && <TestModeBanner />}
            {!anyUsable ? (
              <div className="form-alert form-alert--error" role="alert">
                <p>None of the payment methods can be used for this cart. Contact your Uplink account manager to arrange the payment.</p>
              </div>
            ) : (
              <PaymentMethodChoice
                id="pavilion-methods"
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
        <aside className="pavilion-side">
          <Card as="section" aria-labelledby="pavilion-summary-h" data-section="ProductList">
            <h2 id="pavilion-summary-h">Your cart</h2>
            {partnerPrices && (
              <p className="pavilion-prices">
                <PartnerPriceBadge /> at your partner prices
              </p>
            )}
            <OrderLines lines={checkoutLineViews(o, true)} label="Items bought for the end customer" />
            <p>
              <Link to="/cart">Change the items in the cart</Link>
            </p>
            <CheckoutTotals o={o} method={values.shippingMethod || null} />
            <Button type="submit" size="lg" fullWidth loading={submitting} disabled={submitting || !anyUsable} data-state={state.kind}>
              {submitting ? 'Placing the order…' : total != null ? `Place order · ${m(total)}` : 'Place order'}
            </Button>
            <p className="visually-hidden" aria-live="polite">
              {submitting ? `${state.step}, please wait.` : ''}
            </p>
            {submitting && (
              <div className="pavilion-submitting" data-state="SUBMITTING">
                <progress aria-label={state.step} />
                <span>{state.step} — do not close this page.</span>
              </div>
            )}
          </Card>
        </aside>
      </form>
    </FormProvider>
  );
}

/** The pavilion is for the main store (an eStore at partner prices): a partner in a mini-store is asked to leave it first. */
function InMiniStore() {
  const client = useQueryClient();
  return (
    <div className="partner-only" role="status">
      <h2>You’re in a partner mini-store</h2>
      <p>The pavilion checks out your cart of the main Uplink store at your partner prices. Go back to the main store, fill the cart there, then come back.</p>
      <p className="partner-only__actions">
        <Button
          onClick={() => {
            leaveMiniStore();
            void client.resetQueries();
          }}
        >
          Back to the main Uplink store
        </Button>
      </p>
    </div>
  );
}

function PavilionContent() {
  const addresses = useAddresses();
  if (readMiniStoreKey() !== null) return <InMiniStore />;
  if (addresses.isPending) {
    return (
      <div aria-busy="true">
        <span className="visually-hidden">Loading checkout…</span>
        <Skeleton height="20rem" />
      </div>
    );
  }
  return <PavilionForm book={addresses.data?.items ?? []} />;
}

/**
 * `/partner-pavillion/checkout` (SPEC §10, §11; the path is spelled so): a partner checks out their
 * cart at partner prices on behalf of an end customer, whose devices receive the licences.
 */
export default function PavilionCheckoutPage() {
  return (
    <div className="container page pavilion-page">
      <title>Partner pavilion — check out for an end customer — Uplink</title>
      <h1>Check out for an end customer</h1>
      <PartnerOnly what="the partner pavilion">
        <PavilionContent />
      </PartnerOnly>
    </div>
  );
}
