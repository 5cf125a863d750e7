import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type FieldPath, FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AddressPicker } from '@/components/checkout/address-picker';
import { TestModeBanner } from '@/components/checkout/test-mode-banner';
import { CardForm, type CardInput } from '@/components/payments/card-form';
import { QuotationStatusBadge } from '@/components/quotation-status-badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Input } from '@/components/ui/input';
import { type ApiProblem, isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { loginUrl } from '@/lib/auth/return-path';
import { useCurrentUser } from '@/lib/auth/session';
import { emptyDraft, newAttemptKey, orderRequest, type PaymentCode } from '@/lib/checkout/draft';
import {
  billsToShippingAddress,
  formFieldOf,
  shippingSchema,
  shippingValuesOf,
  type ShippingValues,
  withShippingValues,
} from '@/lib/checkout/shipping-schema';
import { formatMoney } from '@/lib/money';
import { type CardErrors, checkCard, digitsOf, parseExpiry } from '@/lib/payments/card';
import { tokenizeCard } from '@/lib/payments/tokenize-card';
import { useAddresses } from '@/lib/resources/addresses/get-addresses';
import type { Address } from '@/lib/resources/addresses/types';
import type { QuotationDetail } from '@/lib/resources/quotations/types';
import { useQuotation } from '../api/get-quotation';
import { type PaymentMethodOption, usePaymentOptions } from '../api/get-payment-options';
import { type PlaceOrderRequest, usePayQuotation } from '../api/pay-quotation';
import { QuotationTotalsList } from '../components/quotation-totals';
import { isPhysical } from '../lib/filters';
import { formatValidUntil } from '../lib/format';
import { clearPaymentDraft, loadPaymentDraft, paymentReturnPath, savePaymentDraft } from '../lib/payment-draft';
import '../quotations.css';

/** The carriers of Customer Provided shipping (SPEC §6, fixed). */
const CARRIERS = ['DHL', 'FedEx', 'UPS', 'Other'];

type State = { kind: 'idle' } | { kind: 'SUBMITTING'; step: string } | { kind: 'FAILED'; problem: ApiProblem | null; message: string };

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

/**
 * A payment method for this quotation. `GET /checkout/options` judges credit terms against the
 * cart's total; a quotation's own total may fit where the cart's does not, so a credit-limit
 * refusal stays choosable here and the server decides on the quotation's total.
 */
function usable(m: PaymentMethodOption): boolean {
  return m.available || m.reason_code === 'credit_limit_exceeded';
}

/** Why a quotation cannot be paid (only accepted ones within valid-until can), and the way back. */
function NotPayable({ q }: { q: QuotationDetail }) {
  const text =
    q.status === 'ordered'
      ? `Quotation ${q.number} is already paid${q.order_number ? `: order ${q.order_number}` : ''}.`
      : q.status === 'quoted'
        ? `Accept the prices of quotation ${q.number} first; then you can pay it here.`
        : q.status === 'expired' || (q.status === 'accepted' && !q.actions.pay)
          ? `The prices of quotation ${q.number} are no longer valid${q.valid_until ? ` (they held until ${formatValidUntil(q.valid_until)})` : ''}. Buy at catalogue prices from the quotation, or request a new one.`
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
  const [params, setParams] = useSearchParams();
  const physical = q.lines.some((l) => isPhysical(l.product_type));
  const options = usePaymentOptions(q.store);
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
  const failedRef = useRef<HTMLDivElement>(null);
  const resumed = useRef(false);
  const form = useForm<ShippingValues>({
    defaultValues: startValues(q.number, book),
    resolver: zodResolver(shippingSchema(physical)),
    shouldFocusError: true,
  });
  const { control, register, setError, formState } = form;
  const errors = formState.errors;
  const [method, billingSameAsShipping] = useWatch({ control, name: ['shippingMethod', 'billingSameAsShipping'] });
  const returnPath = paymentReturnPath(q.number);

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
          setState({
            kind: 'FAILED',
            problem,
            message: problem ? (problem.detail ?? messageForProblem(problem)) : 'The payment did not go through. Check your connection and try again.',
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
      const body = orderRequest(draft, physical, { returnPath, cancelPath: returnPath });
      submit({ ...body, payment: { ...body.payment, token } }, values, payment);
    },
    () => document.getElementById('q-pay-shipping')?.focus(),
  );

  if (options.isPending) return <Skeleton height="20rem" />;
  if (options.isError) {
    const p = options.error;
    return (
      <div role="alert" className="form-alert form-alert--error">
        <p>{isApiProblem(p) ? (p.detail ?? messageForProblem(p)) : 'The payment methods could not be loaded.'}</p>
        <Button variant="secondary" size="sm" onClick={() => void options.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const o = options.data;
  const methods = o.payment_methods.filter((m) => m.code !== 'not_available');
  const anyUsable = methods.some(usable);
  const total = q.totals.total_before_tax;
  const submitting = state.kind === 'SUBMITTING';
  const quotedShipping = q.totals.shipping;

  return (
    <FormProvider {...form}>
      <form className="q-pay__grid" noValidate onSubmit={(e) => void onPay(e)}>
        <div className="q-pay__main">
          {state.kind === 'FAILED' && (
            <div ref={failedRef} tabIndex={-1} role="alert" className="q-pay__failed" data-state="FAILED">
              <h2>The quotation was not paid</h2>
              <p>{state.message}</p>
              {(state.problem?.errors ?? []).filter((fe) => !formFieldOf(fe.field)).length > 0 && (
                <ul>
                  {state.problem!.errors
                    .filter((fe) => !formFieldOf(fe.field))
                    .map((fe) => (
                      <li key={fe.field}>{fe.message}</li>
                    ))}
                </ul>
              )}
              <p>Nothing was charged. Fix what is marked, or choose another payment method, then pay again.</p>
              {state.problem && ['quotation_expired', 'quotation_not_payable'].includes(state.problem.code) && (
                <Link to={quotationPath(q.number)}>Back to the quotation</Link>
              )}
            </div>
          )}
          <section id="q-pay-shipping" tabIndex={-1} aria-labelledby="q-pay-shipping-heading" className="q-pay__section" data-section="ShippingInformation">
            <h2 id="q-pay-shipping-heading">{physical ? 'Shipping and billing' : 'Billing address'}</h2>
            {!physical && <p className="muted">Everything in this quotation is delivered digitally, so there is nothing to ship.</p>}
            {physical && (
              <fieldset className="q-fieldset" aria-describedby={errors.shippingMethod ? 'q-shipping-method-error' : undefined}>
                <legend>Shipping option</legend>
                <label className="choice choice--card">
                  <input type="radio" value="priority" {...register('shippingMethod')} />
                  <span>
                    <strong>Priority Shipping</strong>{' '}
                    {quotedShipping ? (
                      <>
                        {formatMoney(quotedShipping.cents, quotedShipping.currency)} <span className="muted">· as quoted</span>
                      </>
                    ) : (
                      <span className="muted">· at the store’s rate for your address, added when you pay</span>
                    )}
                  </span>
                </label>
                <label className="choice choice--card">
                  <input type="radio" value="customer_provided" {...register('shippingMethod')} />
                  <span>
                    <strong>Customer Provided</strong> <span className="muted">· your own courier account, no fee</span>
                  </span>
                </label>
                {errors.shippingMethod && (
                  <p className="ui-field__error" id="q-shipping-method-error">
                    {errors.shippingMethod.message}
                  </p>
                )}
              </fieldset>
            )}
            {physical && method === 'customer_provided' && (
              <div className="inline-fields">
                <Select
                  id="carrier"
                  label="Carrier"
                  options={[{ value: '', label: 'Choose…' }, ...CARRIERS.map((c) => ({ value: c, label: c }))]}
                  error={errors.carrier?.message}
                  required
                  {...register('carrier')}
                />
                <Input id="account-number" label="Your account number with the carrier" error={errors.accountNumber?.message} required {...register('accountNumber')} />
              </div>
            )}
            {physical && method && <AddressPicker legend="Shipping address" name="ship" prefix="shipping" book={book} />}
            {physical && (
              <label className="choice">
                <input type="checkbox" {...register('billingSameAsShipping')} />
                <span>Bill to the shipping address</span>
              </label>
            )}
            {!billsToShippingAddress({ shippingMethod: method, billingSameAsShipping }, physical) && (
              <AddressPicker legend="Billing address" name="bill" prefix="billing" book={book} />
            )}
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
              <fieldset id="q-pay-methods" tabIndex={-1} className="q-fieldset" aria-describedby={paymentError ? 'q-pay-method-error' : undefined}>
                <legend className="visually-hidden">Payment method</legend>
                {methods.map((m) => {
                  const ok = usable(m);
                  const overCredit = m.code === 'credit_terms' && m.available_credit != null && m.available_credit.cents < total.cents;
                  return (
                    <label key={m.code} className={`choice choice--card${ok ? '' : ' is-disabled'}`}>
                      <input
                        type="radio"
                        name="payment"
                        value={m.code}
                        disabled={!ok}
                        checked={payment === m.code}
                        onChange={() => {
                          setPayment(m.code as PaymentCode);
                          setPaymentError(null);
                        }}
                      />
                      <span>
                        <strong>{m.name}</strong>
                        {m.available_credit && (
                          <span className="muted">
                            {' '}
                            · available credit {formatMoney(m.available_credit.cents, m.available_credit.currency)}
                            {m.payment_terms_days ? `, ${m.payment_terms_days} days to pay` : ''}
                          </span>
                        )}
                        {!ok && m.reason && <span className="muted"> · {m.reason}</span>}
                        {ok && overCredit && (
                          <span className="q-pay__warn">
                            {' '}
                            · This quotation ({formatMoney(total.cents, total.currency)} before tax) is more than your available credit:
                            it is refused unless your company may exceed its limit.
                          </span>
                        )}
                      </span>
                    </label>
                  );
                })}
                {paymentError && (
                  <p className="ui-field__error" id="q-pay-method-error" role="alert">
                    {paymentError}
                  </p>
                )}
              </fieldset>
            )}
            {payment === 'card' && <CardForm value={card} onChange={setCard} errors={cardErrors} />}
            {payment === 'paypal' && <p className="muted">You approve the payment on PayPal, then come back here.</p>}
            {payment === 'bank_transfer' && (
              <p className="muted">
                The order is reserved while you pay. You get our bank details and a proforma invoice; unpaid orders are cancelled after 14 days.
              </p>
            )}
            {payment === 'credit_terms' && <p className="muted">The order is invoiced to your company’s credit account.</p>}
          </section>
        </div>
        <aside className="q-pay__side">
          <Card as="section" aria-labelledby="q-pay-summary">
            <h2 id="q-pay-summary">Quotation {q.number}</h2>
            {q.valid_until && <p className="muted">Prices valid until {formatValidUntil(q.valid_until)}</p>}
            <ul className="q-pay__lines" aria-label="Items at the quoted prices">
              {q.lines.map((l) => (
                <li key={l.id}>
                  <span>
                    {l.name || l.sku} <span className="muted">× {l.qty}</span>
                  </span>
                  <strong>{formatMoney(l.quoted_total.cents, l.quoted_total.currency)}</strong>
                </li>
              ))}
            </ul>
            <QuotationTotalsList totals={q.totals} hasPhysical={physical} />
            <Button type="submit" size="lg" fullWidth loading={submitting} disabled={submitting || !anyUsable} data-state={state.kind}>
              {submitting ? 'Paying…' : `Pay ${formatMoney(total.cents, total.currency)} + tax`}
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
