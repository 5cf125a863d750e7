import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatMoney } from '@/lib/money';
import { useAddresses } from '@/lib/resources/addresses/get-addresses';
import { useCheckoutOptions } from '@/lib/resources/checkout/get-checkout-options';
import { tokenizeCard } from '@/lib/payments/tokenize-card';
import { CardForm, type CardInput } from '@/components/payments/card-form';
import { RequestQuotationButton } from '@/components/quotations/request-quotation';
import { CheckoutSteps } from '../components/checkout-steps';
import { CheckoutTotals } from '@/components/checkout/checkout-totals';
import { shippingFee } from '@/lib/checkout/totals';
import { RequireSignIn } from '../components/require-sign-in';
import { TestModeBanner } from '@/components/checkout/test-mode-banner';
import { type CardErrors, checkCard, digitsOf, parseExpiry } from '@/lib/payments/card';
import { destinationOf } from '@/lib/checkout/destination';
import { type CheckoutDraft, type PaymentCode, loadDraft, saveDraft } from '@/lib/checkout/draft';
import { useCartReferralDiscount } from '@/lib/resources/referrals';
import '../checkout.css';

function PaymentForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState<CheckoutDraft>(() => loadDraft());
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [error, setError] = useState<string | null>(
    params.get('redirect_status') === 'cancelled' ? 'You cancelled the PayPal payment. Choose a payment method to continue.' : null,
  );
  const [busy, setBusy] = useState(false);
  const addresses = useAddresses();
  const options = useCheckoutOptions(destinationOf(draft, addresses.data?.items ?? []), { enabled: !addresses.isPending });
  const referral = useCartReferralDiscount();
  useEffect(() => saveDraft(draft), [draft]);

  if (addresses.isPending || options.isPending) return <Spinner label="Loading payment methods" />;
  if (options.isError) {
    const p = options.error;
    return <p role="alert">{isApiProblem(p) ? (p.detail ?? messageForProblem(p)) : 'Payment methods could not be loaded.'}</p>;
  }
  const o = options.data;
  const methods = o.payment_methods;
  const notAvailable = methods.find((m) => m.code === 'not_available');

  const onContinue = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!draft.payment) {
      setError('Choose a payment method.');
      return;
    }
    if (draft.payment === 'card') {
      const errs = checkCard(card.number, card.expiry, card.cvc);
      setCardErrors(errs);
      if (Object.keys(errs).length > 0) return;
      const exp = parseExpiry(card.expiry)!;
      setBusy(true);
      try {
        const token = await tokenizeCard(o.gateway.tokenize_url, {
          number: digitsOf(card.number),
          exp_month: exp.month,
          exp_year: exp.year,
          cvc: card.cvc,
        });
        const next = {
          ...draft,
          card: { token: token.id, brand: token.card.brand, last4: token.card.last4, expMonth: token.card.exp_month, expYear: token.card.exp_year },
          attemptKey: null,
        };
        saveDraft(next);
        setDraft(next);
      } catch (e) {
        setBusy(false);
        if (isApiProblem(e) && e.code === 'validation_failed') {
          setCardErrors({ number: e.fieldErrors.number, expiry: e.fieldErrors.exp_year ?? e.fieldErrors.exp_month, cvc: e.fieldErrors.cvc });
        } else {
          setError(isApiProblem(e) ? messageForProblem(e) : 'The card could not be checked.');
        }
        return;
      }
    } else {
      saveDraft({ ...draft, card: null, attemptKey: null });
    }
    void navigate('/checkout/confirm-order');
  };

  return (
    <div className="checkout-grid">
      <form onSubmit={(e) => void onContinue(e)} noValidate className="checkout-section checkout-main" aria-labelledby="payment-heading">
        <h2 id="payment-heading">Payment method</h2>
        {o.gateway.test_mode && <TestModeBanner />}
        {error && (
          <p role="alert" className="section-errors">
            {error}
          </p>
        )}
        <fieldset className="payment-methods">
          <legend className="visually-hidden">Payment method</legend>
          {methods
            .filter((m) => m.code !== 'not_available')
            .map((m) => (
              <label key={m.code} className={`choice choice--card${m.available ? '' : ' is-disabled'}`}>
                <input
                  type="radio"
                  name="payment"
                  value={m.code}
                  disabled={!m.available}
                  checked={draft.payment === m.code}
                  onChange={() => setDraft((d) => ({ ...d, payment: m.code as PaymentCode }))}
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
                  {!m.available && m.reason && <span className="muted"> · {m.reason}</span>}
                </span>
              </label>
            ))}
        </fieldset>
        {notAvailable && (
          <div className="checkout-alert" role="status">
            <p>
              <strong>{notAvailable.name}</strong> — {notAvailable.reason}
            </p>
            <p>Sales can price this cart for you and agree how you pay.</p>
            <RequestQuotationButton body={{ from_cart: true }} />
          </div>
        )}
        {draft.payment === 'card' && <CardForm value={card} onChange={setCard} errors={cardErrors} />}
        {draft.payment === 'paypal' && <p className="muted">You approve the payment on PayPal after reviewing your order.</p>}
        {draft.payment === 'bank_transfer' && (
          <p className="muted">
            Your order is reserved while you pay. You get our bank details and a proforma invoice; unpaid orders are cancelled after 14 days.
          </p>
        )}
        {draft.payment === 'credit_terms' && <p className="muted">The order is invoiced to your company’s credit account.</p>}
        <div className="form-actions">
          <Link to="/checkout">Back to shipping</Link>
          <Button type="submit" size="lg" loading={busy} disabled={!!notAvailable}>
            Review order
          </Button>
        </div>
      </form>
      <aside className="checkout-side payment-side">
        <Card as="section" aria-labelledby="payment-summary" className="payment-summary">
          <h2 id="payment-summary">Order total</h2>
          <p className="payment-summary__total" data-testid="payment-total">
            {formatMoney(o.totals.total.cents + (shippingFee(o, draft.shippingMethod) ?? 0), o.currency)}
          </p>
          <CheckoutTotals referral={referral} o={o} method={draft.shippingMethod} compact subtotalLabel={`Items (${o.item_count})`} />
        </Card>
      </aside>
    </div>
  );
}

export default function PaymentPage() {
  return (
    <div className="container page checkout">
      <h1>Checkout</h1>
      <CheckoutSteps current={1} />
      <RequireSignIn>
        <PaymentForm />
      </RequireSignIn>
    </div>
  );
}
