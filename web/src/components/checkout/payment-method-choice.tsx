import type { PaymentCode } from '@/lib/checkout/draft';
import { formatMoney } from '@/lib/money';
import type { PaymentMethodOption } from '@/lib/resources/checkout/types';
import './checkout-form.css';

/** The payment methods of a one-page payment as radio cards (`not_available` left out), with their error. */
export function PaymentMethodChoice({
  id,
  methods,
  value,
  onChange,
  error,
}: {
  /** The fieldset's id: focused when no method was chosen. */
  id: string;
  methods: PaymentMethodOption[];
  value: PaymentCode | null;
  onChange: (code: PaymentCode) => void;
  error: string | null;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset id={id} tabIndex={-1} className="checkout-fieldset" aria-describedby={error ? errorId : undefined}>
      <legend className="visually-hidden">Payment method</legend>
      {methods
        .filter((pm) => pm.code !== 'not_available')
        .map((pm) => (
          <label key={pm.code} className={`choice choice--card${pm.available ? '' : ' is-disabled'}`}>
            <input
              type="radio"
              name={`${id}-payment`}
              value={pm.code}
              disabled={!pm.available}
              checked={value === pm.code}
              onChange={() => onChange(pm.code as PaymentCode)}
            />
            <span>
              <strong>{pm.name}</strong>
              {pm.available_credit && (
                <span className="muted">
                  {' '}
                  · available credit {formatMoney(pm.available_credit.cents, pm.available_credit.currency)}
                  {pm.payment_terms_days ? `, ${pm.payment_terms_days} days to pay` : ''}
                </span>
              )}
              {!pm.available && pm.reason && <span className="muted"> · {pm.reason}</span>}
            </span>
          </label>
        ))}
      {error && (
        <p className="ui-field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** What happens next with the chosen method (the card form is shown apart). */
export function PaymentMethodNote({ method, redirectWord = 'come back here' }: { method: PaymentCode | null; redirectWord?: string }) {
  if (method === 'paypal') return <p className="muted">You approve the payment on PayPal, then {redirectWord}.</p>;
  if (method === 'bank_transfer')
    return (
      <p className="muted">
        The order is reserved while you pay. You get our bank details and a proforma invoice; unpaid orders are cancelled after 14 days.
      </p>
    );
  if (method === 'credit_terms') return <p className="muted">The order is invoiced to your company’s credit account.</p>;
  return null;
}
