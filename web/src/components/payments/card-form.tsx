import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { type CardErrors, checkCard, cvcLength, detectBrand, formatCardNumber } from '@/lib/payments/card';
import './card-form.css';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

interface Props {
  value: CardInput;
  onChange: (v: CardInput) => void;
  errors: CardErrors;
}

/** Card number with live brand detection, expiry and CVC (checked again by the gateway). */
export function CardForm({ value, onChange, errors }: Props) {
  const brand = detectBrand(value.number);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const live = checkCard(value.number, value.expiry, value.cvc);
  const show = (k: keyof CardErrors) => errors[k] ?? (touched[k] ? live[k] : undefined);
  return (
    <div className="card-form">
      <Input
        id="card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        value={value.number}
        onChange={(e) => onChange({ ...value, number: formatCardNumber(e.target.value) })}
        onBlur={() => setTouched((t) => ({ ...t, number: true }))}
        hint={brand ? `Card brand: ${brand}` : 'American Express, MasterCard, Visa or UnionPay'}
        error={show('number')}
        required
      />
      {/* Expiry and security code side by side: each with a hint, their labels, hints and boxes on shared rows. */}
      <div className="inline-fields card-form__pair">
        <Input
          id="card-expiry"
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          hint="As printed on the card"
          value={value.expiry}
          onChange={(e) => onChange({ ...value, expiry: e.target.value })}
          onBlur={() => setTouched((t) => ({ ...t, expiry: true }))}
          error={show('expiry')}
          required
        />
        <Input
          id="card-cvc"
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          hint={cvcLength(brand) === 4 ? '4 digits on the front' : '3 digits on the back'}
          value={value.cvc}
          onChange={(e) => onChange({ ...value, cvc: e.target.value.replace(/\D/g, '') })}
          onBlur={() => setTouched((t) => ({ ...t, cvc: true }))}
          error={show('cvc')}
          required
        />
      </div>
    </div>
  );
}
