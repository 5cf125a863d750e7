import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PaymentMethodChoice, PaymentMethodNote } from '@/components/checkout/payment-method-choice';
import { TestModeBanner } from '@/components/checkout/test-mode-banner';
import { CardForm, type CardInput } from '@/components/payments/card-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { addressIssues, type AddressField } from '@/lib/address/address-schema';
import { type ApiProblem, isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { newAttemptKey, type PaymentCode } from '@/lib/checkout/draft';
import { priceChangedTotal } from '@/lib/checkout/totals';
import { formatMoney } from '@/lib/money';
import { type CardErrors, checkCard, digitsOf, parseExpiry } from '@/lib/payments/card';
import { tokenizeCard } from '@/lib/payments/tokenize-card';
import { useAddresses } from '@/lib/resources/addresses/get-addresses';
import type { CartSlot } from '../api/cart';
import { usePlaceMobileOrder, useMobileCheckoutOptions, type PlaceOrderRequest } from '../api/checkout';
import { CART_HREF, CHECKOUT_HREF } from '../components/cart-link';
import { LoadProblem, MobilePage } from '../components/page';
import { type PendingAttempt, savePending, takePending } from '../lib/attempt';

type State = { kind: 'idle' } | { kind: 'SUBMITTING' } | { kind: 'FAILED'; message: string; retryable: boolean };

const NEW_ADDRESS = 'new';
/**
 * What the app's web view can pay with: a card (3-D Secure comes back here), PayPal (likewise) and
 * credit terms. Bank transfer is left to the store's own checkout: its bank details and proforma
 * invoice are documents the web view has no place for.
 */
const APP_METHODS = new Set(['card', 'paypal', 'credit_terms', 'not_available']);
const ADDRESS_FIELDS = [
  ['name', 'Full name', 'name'],
  ['line1', 'Address', 'address-line1'],
  ['city', 'City', 'address-level2'],
  ['state', 'State (US only)', 'address-level1'],
  ['postal_code', 'Postal code', 'postal-code'],
  ['country', 'Country code (e.g. US, DE)', 'country'],
  ['phone', 'Phone', 'tel'],
] as const;
type AddressKey = (typeof ADDRESS_FIELDS)[number][0];

function failureText(problem: ApiProblem | null, currency: string): string {
  if (!problem) return 'The order could not be placed. Check your connection and try again.';
  const changed = priceChangedTotal(problem);
  if (changed != null) return `Prices changed: the total is now ${formatMoney(changed, currency)}. Check it and place the order again.`;
  const fields = problem.errors.map((e) => e.message).filter(Boolean);
  return [problem.detail ?? messageForProblem(problem), ...fields].join(' ');
}

/**
 * `/mobile/product-plans/checkout`, `/mobile/warranties/checkout`: one page — billing address,
 * payment, place order — for one of the app's carts (`?cart=`), with the store's rules
 * (SPEC §6: SUBMITTING, FAILED with a retry that keeps the cart, an Idempotency-Key per attempt).
 * 3-D Secure and PayPal come back to this page, never to the main store's checkout.
 */
export default function MobileCheckoutPage({ slot }: { slot: CartSlot }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const addresses = useAddresses();
  const book = addresses.data?.items ?? [];
  const [billingId, setBillingId] = useState<string | null>(null);
  const chosenId = billingId ?? (book.find((a) => a.is_default_billing) ?? book[0])?.id ?? NEW_ADDRESS;
  const chosen = book.find((a) => a.id === chosenId);
  const [fields, setFields] = useState<Record<AddressKey, string>>({ name: '', line1: '', city: '', state: '', postal_code: '', country: '', phone: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<AddressField, string>>>({});
  const taxState = chosen?.country === 'US' ? (chosen.state ?? undefined) : fields.country === 'US' && fields.state ? fields.state : undefined;
  const options = useMobileCheckoutOptions(slot, taxState, !addresses.isPending);
  const [method, setMethod] = useState<PaymentCode | null>(null);
  const [methodError, setMethodError] = useState<string | null>(null);
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [state, setState] = useState<State>(() =>
    params.get('redirect_status') === 'cancelled' || params.get('redirect_status') === 'failed'
      ? {
          kind: 'FAILED',
          retryable: false,
          message:
            params.get('redirect_status') === 'cancelled'
              ? 'You cancelled the payment. Nothing was charged; choose how to pay and place the order again.'
              : 'The payment was not confirmed. Nothing was charged; try again or choose another way to pay.',
        }
      : { kind: 'idle' },
  );
  const lastAttempt = useRef<{ key: string; body: PlaceOrderRequest } | null>(null);
  const place = usePlaceMobileOrder(slot);
  const resumed = useRef(false);
  const o = options.data;

  const send = (body: PlaceOrderRequest, key: string) => {
    lastAttempt.current = { key, body };
    setState({ kind: 'SUBMITTING' });
    place.mutate(
      { body, key },
      {
        onSuccess: (order) => {
          void navigate(`/mobile/checkout-success?order=${encodeURIComponent(order.number)}&cart=${slot}`, { replace: true });
        },
        onError: (e) => {
          const problem = isApiProblem(e) ? e : null;
          if (problem?.code === 'payment_requires_action' && typeof problem.extensions.redirect_url === 'string') {
            savePending(slot, {
              method: body.payment.method,
              billing: body.billing as PendingAttempt['billing'],
              expectedTotal: body.expected_total_cents ?? 0,
            });
            window.location.assign(problem.extensions.redirect_url);
            return;
          }
          // A lost answer may be retried with the same key (the server replays the first result).
          const retryable = !problem || problem.code === 'network_error' || problem.status >= 500;
          if (!retryable) lastAttempt.current = null;
          if (problem?.code === 'payment_declined' || problem?.fieldErrors['payment.token']) setCard({ number: '', expiry: '', cvc: '' });
          if (priceChangedTotal(problem) != null) void options.refetch();
          setState({ kind: 'FAILED', retryable, message: failureText(problem, o?.currency ?? 'USD') });
        },
      },
    );
  };

  // Back from the gateway (3-D Secure or PayPal approved): place the order with the approved payment.
  const intent = params.get('payment_intent');
  const status = params.get('redirect_status');
  useEffect(() => {
    if (!intent || resumed.current) return;
    resumed.current = true;
    setParams({}, { replace: true });
    const pending = takePending(slot);
    if (status !== 'succeeded' || !pending) return;
    // Placing the order is the effect's purpose (the gateway sent the buyer back here to finish it).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    send(
      {
        shipping: null,
        billing: pending.billing,
        payment: { method: pending.method, token: null, payment_intent: intent },
        expected_total_cents: pending.expectedTotal,
        return_path: CHECKOUT_HREF[slot],
        cancel_path: CHECKOUT_HREF[slot],
      },
      newAttemptKey(),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intent]);

  const onPlace = async () => {
    if (!o) return;
    // A new billing address meets the store's address rules (the server's) before anything is sent.
    const issues = chosen == null ? addressIssues({ ...fields, company: '', line2: '' }) : [];
    setFieldErrors(Object.fromEntries(issues.map((issue) => [issue.field, issue.message])));
    if (issues[0]) {
      document.getElementById(`m-address-${issues[0].field}`)?.focus();
      return;
    }
    if (!method) {
      setMethodError('Choose how to pay.');
      document.getElementById('m-payment')?.focus();
      return;
    }
    setMethodError(null);
    let token: string | null = null;
    if (method === 'card') {
      const errs = checkCard(card.number, card.expiry, card.cvc);
      setCardErrors(errs);
      if (Object.keys(errs).length > 0) return;
      const exp = parseExpiry(card.expiry)!;
      setState({ kind: 'SUBMITTING' });
      try {
        const t = await tokenizeCard(o.gateway.tokenize_url, { number: digitsOf(card.number), exp_month: exp.month, exp_year: exp.year, cvc: card.cvc });
        token = t.id;
      } catch (e) {
        if (isApiProblem(e) && e.code === 'validation_failed') {
          setCardErrors({ number: e.fieldErrors.number, expiry: e.fieldErrors.exp_year ?? e.fieldErrors.exp_month, cvc: e.fieldErrors.cvc });
          setState({ kind: 'idle' });
        } else {
          setState({ kind: 'FAILED', retryable: false, message: isApiProblem(e) ? messageForProblem(e) : 'The card could not be checked. Try again.' });
        }
        return;
      }
    }
    const billing =
      chosen != null
        ? { same_as_shipping: false, address_id: chosen.id }
        : {
            same_as_shipping: false,
            save_address: true,
            address: { ...fields, company: null, line2: null, state: fields.state || null, country: fields.country.toUpperCase() },
          };
    send(
      {
        shipping: null,
        billing,
        payment: { method, token, payment_intent: null },
        expected_total_cents: o.totals.total.cents,
        return_path: CHECKOUT_HREF[slot],
        cancel_path: CHECKOUT_HREF[slot],
      },
      newAttemptKey(),
    );
  };

  const retry = () => {
    if (state.kind === 'FAILED' && state.retryable && lastAttempt.current) send(lastAttempt.current.body, lastAttempt.current.key);
    else void onPlace();
  };

  const title = slot === 'mobile-plans' ? 'Check out plans' : 'Check out warranties';
  const back = { to: CART_HREF[slot], label: 'Cart' };
  if (addresses.isPending || options.isPending) {
    return (
      <MobilePage title={title} back={back}>
        <Skeleton height="10rem" />
      </MobilePage>
    );
  }
  if (!o) {
    return (
      <MobilePage title={title} back={back}>
        <LoadProblem what="Your checkout" onRetry={() => void options.refetch()} />
      </MobilePage>
    );
  }
  if (o.lines.length === 0 && state.kind !== 'SUBMITTING') {
    return (
      <MobilePage title={title} back={back}>
        {state.kind === 'FAILED' && <p className="m-alert m-alert--error" role="alert">{state.message}</p>}
        <p>Your cart is empty.</p>
        <Link to={slot === 'mobile-plans' ? '/mobile/product-plans' : '/mobile/warranties'}>Browse the shop</Link>
      </MobilePage>
    );
  }
  const submitting = state.kind === 'SUBMITTING';
  return (
    <MobilePage title={title} back={back}>
      {o.gateway.test_mode && <TestModeBanner />}
      {state.kind === 'FAILED' && (
        <div role="alert" className="m-alert m-alert--error" data-state="FAILED">
          <h2 className="m-alert__title">The order was not placed</h2>
          <p>{state.message}</p>
          <p>Your cart is unchanged.</p>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      )}
      <section aria-labelledby="m-co-items" className="m-section">
        <h2 id="m-co-items">Your order</h2>
        <ul className="m-lines">
          {o.lines.map((l) => (
            <li key={l.id}>
              <span>
                {l.name}
                {l.serials.length > 0 && <span className="m-muted"> · {l.serials.join(', ')}</span>}
                {l.options.length > 0 && <span className="m-muted"> · {l.options.map((x) => x.value_label || x.value).join(', ')}</span>}
              </span>
              <span>{formatMoney(l.subtotal.cents, o.currency)}</span>
            </li>
          ))}
        </ul>
        <dl className="m-totals">
          {o.totals.discount.cents > 0 && (
            <>
              <dt>Discount</dt>
              <dd>−{formatMoney(o.totals.discount.cents, o.currency)}</dd>
            </>
          )}
          {o.tax.charged && (
            <>
              <dt>Sales tax</dt>
              <dd>{formatMoney(o.totals.tax.cents, o.currency)}</dd>
            </>
          )}
          <dt>Total</dt>
          <dd>
            <strong data-testid="mobile-total">{formatMoney(o.totals.total.cents, o.currency)}</strong>
          </dd>
        </dl>
      </section>
      <section aria-labelledby="m-co-billing" className="m-section">
        <h2 id="m-co-billing">Billing address</h2>
        <fieldset className="checkout-fieldset">
          <legend className="visually-hidden">Billing address</legend>
          {book.map((a) => (
            <label key={a.id} className="choice choice--card">
              <input type="radio" name="m-billing" checked={chosenId === a.id} onChange={() => setBillingId(a.id)} />
              <span>{[a.name, a.line1, a.city, a.postal_code, a.country].filter(Boolean).join(', ')}</span>
            </label>
          ))}
          <label className="choice choice--card">
            <input type="radio" name="m-billing" checked={chosenId === NEW_ADDRESS} onChange={() => setBillingId(NEW_ADDRESS)} />
            <span>{book.length ? 'Another address' : 'Enter your billing address'}</span>
          </label>
        </fieldset>
        {chosenId === NEW_ADDRESS && (
          <div className="m-form">
            {ADDRESS_FIELDS.map(([name, label, autoComplete]) => (
              <Input
                key={name}
                id={`m-address-${name}`}
                label={label}
                autoComplete={autoComplete}
                required={name !== 'state'}
                value={fields[name]}
                error={fieldErrors[name]}
                onChange={(e) => {
                  setFields((f) => ({ ...f, [name]: e.target.value }));
                  setFieldErrors((errors) => ({ ...errors, [name]: undefined }));
                }}
              />
            ))}
            <p className="m-muted">Saved in your address book for next time.</p>
          </div>
        )}
      </section>
      <section aria-labelledby="m-co-payment" className="m-section">
        <h2 id="m-co-payment">Payment</h2>
        <PaymentMethodChoice id="m-payment" methods={o.payment_methods.filter((m) => APP_METHODS.has(m.code))} value={method} onChange={setMethod} error={methodError} />
        {o.payment_methods.some((m) => m.code === 'not_available') && (
          <p className="m-alert m-alert--warning">No payment method fits this order here. Contact sales from the store’s website to buy it.</p>
        )}
        {method === 'card' && <CardForm value={card} onChange={setCard} errors={cardErrors} />}
        <PaymentMethodNote method={method} redirectWord="come back to this page" />
      </section>
      <div className="m-sticky-action">
        <Button size="lg" fullWidth onClick={() => void onPlace()} disabled={submitting} loading={submitting} data-state={state.kind}>
          {submitting ? 'Placing your order…' : `Place order · ${formatMoney(o.totals.total.cents, o.currency)}`}
        </Button>
        <p className="visually-hidden" aria-live="polite">
          {submitting ? 'Placing your order, please wait.' : ''}
        </p>
        {submitting && (
          <div className="m-submitting" data-state="SUBMITTING">
            <progress aria-label="Placing your order" />
            <span>Placing your order — keep this page open.</span>
          </div>
        )}
      </div>
    </MobilePage>
  );
}
