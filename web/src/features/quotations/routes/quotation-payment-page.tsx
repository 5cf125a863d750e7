import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type FieldPath, FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PaymentMethodChoice, PaymentMethodNote } from '@/components/checkout/payment-method-choice';
import { ShippingFields } from '@/components/checkout/shipping-fields';
import { CheckoutTotals } from '@/components/checkout/checkout-totals';
import { TestModeBanner } from '@/components/checkout/test-mode-banner';
import { CardForm, type CardInput } from '@/components/payments/card-form';
import { QuotationStatusBadge } from '@/components/quotation-status-badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { type ApiProblem, isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { loginUrl } from '@/lib/auth/return-path';
import { useCurrentUser } from '@/lib/auth/session';
import { destinationOf } from '@/lib/checkout/destination';
import { emptyDraft, newAttemptKey, orderRequest, type PaymentCode } from '@/lib/checkout/draft';
import {
  formFieldOf,
  shippingSchema,
  shippingValuesOf,
  type ShippingValues,
  withShippingValues,
} from '@/lib/checkout/shipping-schema';
import { orderTotal, priceChangedTotal } from '@/lib/checkout/totals';
import { formatMoney } from '@/lib/money';
import { type CardErrors, checkCard, digitsOf, parseExpiry } from '@/lib/payments/card';
import { tokenizeCard } from '@/lib/payments/tokenize-card';
import { useAddresses } from '@/lib/resources/addresses/get-addresses';
import type { Address } from '@/lib/resources/addresses/types';
import { useCheckoutOptions } from '@/lib/resources/checkout/get-checkout-options';
import { checkoutKeys } from '@/lib/resources/checkout/query-keys';
import type { QuotationDetail } from '@/lib/resources/quotations/types';
import { formatDay } from '@/lib/time-format';
import { useQuotation } from '../api/get-quotation';
import { type PlaceOrderRequest, usePayQuotation } from '../api/pay-quotation';
import { isPhysical } from '../lib/filters';
import { clearPaymentDraft, loadPaymentDraft, paymentReturnPath, savePaymentDraft } from '../lib/payment-draft';
import '../quotations.css';

type State =
  | { kind: 'idle' }
  | { kind: 'SUBMITTING'; step: string }
  | {
      kind: 'FAILED';
      problem: ApiProblem | null;
      message: string;
      /** `price_changed`: the total sent and the server's current one. */
      priceChange?: { from: number | null; to: number };
    };

const quotationPath = (number: string) => `/account/quotation/${encodeURIComponent(number)}`;

/** Starts from the address book's defaults (or a redirect's saved form). */
function startValues(number: string, book: Address[]): ShippingValues {
  const saved = loadPaymentDraft(number);
  if (saved) return saved.values;
  const values = shippingValuesOf(emptyDraft());
  const ship = book.find((a) => a.is_default_shipping) ?? book[0];
  const bill = book.find((a) => a.is_default_billing) ?? ship;
  if (ship) values.shipping.id = ship.id;
  if (bill) values.billing.id = bill.id;
  return values;
}

/** What the price depends on (the destination and the shipping option): a new total confirmed holds while it is unchanged. */
function priceKeyOf(values: ShippingValues, book: Address[]): string {
  return JSON.stringify([destinationOf(withShippingValues(emptyDraft(), values), book), values.shippingMethod]);
}

/** Why a quotation cannot be paid (only accepted ones within valid-until can), and the way back. */
function NotPayable({ q }: { q: QuotationDetail }) {
  const text =
    q.status === 'ordered'
      ? `Quotation ${q.number} is already paid${q.order_number ? `: order ${q.order_number}` : ''}.`
      : q.status === 'quoted'
        ? `Accept the prices of quotation ${q.number} first; then you can pay it here.`
        : q.status === 'expired' || (q.status === 'accepted' && !q.actions.pay)
          ? `The prices of quotation ${q.number} are no longer valid${q.valid_until ? ` (they held until ${formatDay(q.valid_until)})` : ''}. Buy at catalogue prices from the quotation, or request a new one.`
          : q.status === 'draft'
            ? `Quotation ${q.number} is still a draft: submit it to sales and accept their prices, then pay it here.`
            : q.status === 'declined'
              ? `Sales declined quotation ${q.number}; you can buy its items at catalogue prices from the quotation.`
              : q.status === 'closed'
                ? `Quotation ${q.number} is closed; request a new one from your cart or a product page.`
                : `Quotation ${q.number} is with sales: accept their prices when they arrive, then pay it here.`;
  return (
    <div className="form-alert form-alert--info q-pay__notice" role="status">
      <p>
        <QuotationStatusBadge status={q.status} label={q.status_label} /> {text}
      </p>
      <p className="q-actions">
        <Link to={quotationPath(q.number)} className={buttonClassName({ variant: 'secondary' })}>
          Back to quotation {q.number}
        </Link>
        {q.status === 'ordered' && q.order_number && <Link to={`/order/${encodeURIComponent(q.order_number)}`}>View order {q.order_number}</Link>}
      </p>
    </div>
  );
}

function PaymentForm({ q, book }: { q: QuotationDetail; book: Address[] }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const pay = usePayQuotation(q.number);
  // What was sent before a 3-D Secure or PayPal redirect (the form and the request to finish).
  const [saved] = useState(() => loadPaymentDraft(q.number));
  const [payment, setPayment] = useState<PaymentCode | null>(saved?.payment ?? null);
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [state, setState] = useState<State>(
    params.get('redirect_status') === 'cancelled'
      ? { kind: 'FAILED', problem: null, message: 'You cancelled the PayPal payment. Choose a payment method and pay again.' }
      : { kind: 'idle' },
  );
  // The server's total after `price_changed`, for the destination and shipping option it was priced for.
  const [newTotal, setNewTotal] = useState<{ cents: number; key: string } | null>(null);
  const failedRef = useRef<HTMLDivElement>(null);
  const resumed = useRef(false);
  // What the schema asks depends on the options (is anything shipped?), read when it runs.
  const shippingRequired = useRef(q.lines.some((l) => isPhysical(l.product_type)));
  const form = useForm<ShippingValues>({
    defaultValues: startValues(q.number, book),
    resolver: (values, context, opts) => zodResolver(shippingSchema(shippingRequired.current))(values, context, opts),
    shouldFocusError: true,
  });
  const { control, setError } = form;
  const method = useWatch({ control, name: 'shippingMethod' });
  // Prices follow the destination being chosen, as in checkout: the shipping quote its country, sales tax its state.
  const values = useWatch({ control }) as ShippingValues;
  const destination = destinationOf(withShippingValues(emptyDraft(), values), book);
  const options = useCheckoutOptions(destination, { quotation: q.number });
  const returnPath = paymentReturnPath(q.number);

  useEffect(() => {
    if (options.data) shippingRequired.current = options.data.shipping_required;
  }, [options.data]);

  useEffect(() => {
    if (state.kind === 'FAILED') failedRef.current?.focus();
  }, [state]);

  const submit = (body: PlaceOrderRequest, values: ShippingValues, code: PaymentCode) => {
    const key = newAttemptKey();
    savePaymentDraft(q.number, { values, payment: code, body });
    setState({ kind: 'SUBMITTING', step: 'Paying your quotation' });
    pay.mutate(
      { body, key },
      {
        onSuccess: (order) => {
          clearPaymentDraft(q.number);
          void navigate(`/checkout/thank-you?${new URLSearchParams({ order: order.number }).toString()}`, { replace: true });
        },
        onError: (e) => {
          const problem = isApiProblem(e) ? e : null;
          if (problem?.code === 'payment_requires_action' && typeof problem.extensions.redirect_url === 'string') {
            setState({ kind: 'SUBMITTING', step: 'Opening your bank’s confirmation page' });
            window.location.assign(problem.extensions.redirect_url);
            return;
          }
          // Field errors of the addresses and shipping go back onto their fields.
          for (const fe of problem?.errors ?? []) {
            const name = formFieldOf(fe.field);
            if (name) setError(name as FieldPath<ShippingValues>, { type: 'server', message: fe.message });
          }
          if (problem?.code === 'payment_declined' || problem?.fieldErrors['payment.token']) setCard({ number: '', expiry: '', cvc: '' });
          // The total moved since it was shown: show the server's, price the summary again, and pay that on confirming.
          const changed = priceChangedTotal(problem);
          if (changed != null) {
            setNewTotal({ cents: changed, key: priceKeyOf(values, book) });
            void client.invalidateQueries({ queryKey: checkoutKeys.all });
          }
          setState({
            kind: 'FAILED',
            problem,
            message:
              changed != null
                ? messageForProblem(problem!)
                : problem
                  ? (problem.detail ?? messageForProblem(problem))
                  : 'The payment did not go through. Check your connection and try again.',
            priceChange: changed != null ? { from: body.expected_total_cents ?? null, to: changed } : undefined,
          });
        },
      },
    );
  };

  // Back from the gateway's 3-D Secure or PayPal page: finish the payment with the approved intent.
  const intent = params.get('payment_intent');
  const redirectStatus = params.get('redirect_status');
  useEffect(() => {
    if (!intent || resumed.current) return;
    resumed.current = true;
    setParams({ quotation: q.number }, { replace: true });
    const draft = saved;
    if (redirectStatus === 'cancelled' || !draft) return;
    // Starting the payment is the point of this effect (as checkout's confirm page does on its way back).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    submit({ ...draft.body, payment: { method: draft.payment, token: null, payment_intent: intent } }, draft.values, draft.payment);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the way back
  }, [intent]);

  /** The total the buyer is shown (and confirms by paying): the server's after `price_changed`, else the options'. */
  const totalShown = (v: ShippingValues): number | null => {
    if (newTotal && newTotal.key === priceKeyOf(v, book)) return newTotal.cents;
    return options.data ? orderTotal(options.data, v.shippingMethod || null) : null;
  };

  const onPay = form.handleSubmit(
    async (values) => {
      setPaymentError(null);
      if (!payment) {
        setPaymentError('Choose a payment method.');
        document.getElementById('q-pay-methods')?.focus();
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
        setState({ kind: 'SUBMITTING', step: 'Checking your card' });
        try {
          const tok = await tokenizeCard(options.data!.gateway.tokenize_url, {
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
            setState({ kind: 'FAILED', problem: isApiProblem(e) ? e : null, message: isApiProblem(e) ? messageForProblem(e) : 'The card could not be checked. Try again.' });
          }
          return;
        }
      }
      const draft = { ...withShippingValues(emptyDraft(), values), payment, card: null };
      const body = orderRequest(draft, options.data!.shipping_required, { expectedTotal: totalShown(values), returnPath, cancelPath: returnPath });
      submit({ ...body, payment: { ...body.payment, token } }, values, payment);
    },
    () => document.getElementById('q-pay-shipping')?.focus(),
  );

  if (options.isPending) return <Skeleton height="20rem" />;
  if (options.isError) {
    const p = options.error;
    const notPayable = isApiProblem(p) && ['quotation_expired', 'quotation_not_payable'].includes(p.code);
    return (
      <div role="alert" className="form-alert form-alert--error">
        <p>{isApiProblem(p) ? (p.detail ?? messageForProblem(p)) : 'The prices and payment methods could not be loaded.'}</p>
        <p className="q-actions">
          {notPayable ? (
            <Link to={quotationPath(q.number)} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              Back to quotation {q.number}
            </Link>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => void options.refetch()}>
              Try again
            </Button>
          )}
        </p>
      </div>
    );
  }
  const o = options.data;
  const physical = o.shipping_required;
  const methods = o.payment_methods.filter((m) => m.code !== 'not_available');
  const anyUsable = methods.some((m) => m.available);
  const total = totalShown(values);
  const submitting = state.kind === 'SUBMITTING';
  const quotedShipping = q.totals.shipping;
  const m = (cents: number) => formatMoney(cents, o.currency);

  return (
    <FormProvider {...form}>
      <form className="q-pay__grid" noValidate onSubmit={(e) => void onPay(e)}>
        <div className="q-pay__main">
          {state.kind === 'FAILED' && (
            <div ref={failedRef} tabIndex={-1} role="alert" className="q-pay__failed" data-state="FAILED">
              <h2>The quotation was not paid</h2>
              <p>{state.message}</p>
              {state.priceChange && (
                <p data-testid="q-pay-new-total">
                  The total is now <strong>{m(state.priceChange.to)}</strong>
                  {state.priceChange.from != null && state.priceChange.from !== state.priceChange.to && <> (it was {m(state.priceChange.from)})</>}.
                  Check the summary, then pay {m(state.priceChange.to)} to confirm.
                </p>
              )}
              {(state.problem?.errors ?? []).filter((fe) => !formFieldOf(fe.field)).length > 0 && (
                <ul>
                  {state.problem!.errors
                    .filter((fe) => !formFieldOf(fe.field))
                    .map((fe) => (
                      <li key={fe.field}>{fe.message}</li>
                    ))}
                </ul>
              )}
              <p>
                {state.priceChange
                  ? 'Nothing was charged.'
                  : 'Nothing was charged. Fix what is marked, or choose another payment method, then pay again.'}
              </p>
              {state.problem && ['quotation_expired', 'quotation_not_payable'].includes(state.problem.code) && (
                <Link to={quotationPath(q.number)}>Back to the quotation</Link>
              )}
            </div>
          )}
          <section id="q-pay-shipping" tabIndex={-1} aria-labelledby="q-pay-shipping-heading" className="q-pay__section" data-section="ShippingInformation">
            <h2 id="q-pay-shipping-heading">{physical ? 'Shipping and billing' : 'Billing address'}</h2>
            {!physical && <p className="muted">Everything in this quotation is delivered digitally, so there is nothing to ship.</p>}
            <ShippingFields
              o={o}
              book={book}
              idPrefix="q"
              optionNote={(s) => s.method === 'priority' && quotedShipping && <span className="muted"> · as quoted</span>}
            />
          </section>
          <section aria-labelledby="q-pay-method-heading" className="q-pay__section">
            <h2 id="q-pay-method-heading">Payment method</h2>
            {o.gateway.test_mode && (payment === 'card' || payment === 'paypal') && <TestModeBanner />}
            {!anyUsable ? (
              <div className="form-alert form-alert--error" role="alert">
                <p>
                  None of the payment methods can be used for this quotation. Reply in the quotation’s comments and sales
                  will arrange the payment with you.
                </p>
                <Link to={quotationPath(q.number)}>Back to the quotation</Link>
              </div>
            ) : (
              <PaymentMethodChoice
                id="q-pay-methods"
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
        <aside className="q-pay__side">
          <Card as="section" aria-labelledby="q-pay-summary" data-section="ProductList">
            <h2 id="q-pay-summary">Quotation {q.number}</h2>
            {q.valid_until && <p className="muted">Prices valid until {formatDay(q.valid_until)}</p>}
            <ul className="q-pay__lines" aria-label="Items at the quoted prices">
              {o.lines.map((l) => (
                <li key={l.id}>
                  <span>
                    {l.name} <span className="muted">× {l.qty}</span>
                    {l.problem && <span className="q-pay__line-problem">{l.problem}</span>}
                  </span>
                  <strong>{m(l.subtotal.cents - l.discount.cents)}</strong>
                </li>
              ))}
            </ul>
            <CheckoutTotals o={o} method={method || null} subtotalLabel="Catalogue subtotal" discountText="Quotation discount" />
            <Button type="submit" size="lg" fullWidth loading={submitting} disabled={submitting || !anyUsable} data-state={state.kind}>
              {submitting ? 'Paying…' : total != null ? `Pay ${m(total)}` : `Pay ${m(o.totals.total.cents)} + shipping`}
            </Button>
            <p className="visually-hidden" aria-live="polite">
              {submitting ? `${state.step}, please wait.` : ''}
            </p>
            {submitting && (
              <div className="q-pay__submitting" data-state="SUBMITTING">
                <progress aria-label={state.step} />
                <span>{state.step} — do not close this page.</span>
              </div>
            )}
            <p>
              <Link to={quotationPath(q.number)}>Back to the quotation</Link>
            </p>
          </Card>
        </aside>
      </form>
    </FormProvider>
  );
}

function PayQuotation({ number }: { number: string }) {
  const quotation = useQuotation(number);
  const addresses = useAddresses();
  if (quotation.isPending || addresses.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the quotation">
        <Skeleton height="20rem" />
      </div>
    );
  }
  if (quotation.isError) {
    const missing = isApiProblem(quotation.error) && quotation.error.status === 404;
    return (
      <div role="alert" className="form-alert form-alert--error">
        <p>
          {missing
            ? `There is no quotation ${number} on your account. Open the one to pay from your quotations.`
            : isApiProblem(quotation.error)
              ? messageForProblem(quotation.error)
              : 'The quotation could not be loaded.'}
        </p>
        <Link to="/account/quotation">Your quotations</Link>
      </div>
    );
  }
  const q = quotation.data;
  if (!q.actions.pay) return <NotPayable q={q} />;
  return <PaymentForm q={q} book={addresses.data?.items ?? []} />;
}

/**
 * `/quotation/payment?quotation=Q-…` (SPEC §9, §11): pays an accepted quotation at its quoted
 * prices with any payment method the customer may use; the result is an order.
 */
export default function QuotationPaymentPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const number = (params.get('quotation') ?? '').trim();
  const { user, isPending } = useCurrentUser();
  let content;
  if (isPending) content = <Skeleton height="12rem" />;
  else if (!user)
    content = (
      <div className="q-empty">
        <p>Sign in to pay your quotation. You come back here afterwards.</p>
        <Link className={buttonClassName({})} to={loginUrl(`${location.pathname}${location.search}`)}>
          Sign in
        </Link>
      </div>
    );
  else if (!number)
    content = (
      <div className="q-empty">
        <p>Choose the accepted quotation to pay from your quotations.</p>
        <Link className={buttonClassName({})} to="/account/quotation?status=accepted">
          Your accepted quotations
        </Link>
      </div>
    );
  else content = <PayQuotation number={number} />;
  return (
    <div className="container page q-pay">
      <title>{number ? `Pay quotation ${number} — Uplink` : 'Pay a quotation — Uplink'}</title>
      <h1>
        {number ? (
          <>
            Pay quotation <span className="q-nowrap">{number}</span>
          </>
        ) : (
          'Pay a quotation'
        )}
      </h1>
      {content}
    </div>
  );
}
