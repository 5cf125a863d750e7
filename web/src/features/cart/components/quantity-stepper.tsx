import { useState } from 'react';

export interface QuantityStepperProps {
  /** Names the product for screen readers ("Quantity of …"). */
  name: string;
  value: number;
  min: number;
  max: number | null;
  step: number;
  disabled?: boolean;
  onChange: (next: number) => void;
}

/** − n + for a cart line; typed values are applied on blur or Enter, snapped to the product's rules. */
export function QuantityStepper({ name, value, min, max, step, disabled, onChange }: QuantityStepperProps) {
  const [draft, setDraft] = useState(String(value));
  // Follow the server's (or the optimistic) value when it changes.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(String(value));
  }
  const upper = max ?? Number.MAX_SAFE_INTEGER;

  function commit(raw: string) {
    const typed = Number.parseInt(raw, 10);
    if (!Number.isFinite(typed)) {
      setDraft(String(value));
      return;
    }
    const bounded = Math.min(upper, Math.max(min, typed));
    const snapped = min + Math.round((bounded - min) / step) * step;
    const next = snapped > upper ? snapped - step : snapped;
    setDraft(String(next));
    if (next !== value) onChange(next);
  }

  return (
    <div className="cart-qty" role="group" aria-label={`Quantity of ${name}`}>
      <button
        type="button"
        className="cart-qty__step"
        aria-label={`Decrease quantity of ${name}`}
        disabled={disabled || value - step < min}
        onClick={() => onChange(value - step)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        className="cart-qty__input"
        type="number"
        inputMode="numeric"
        aria-label={`Quantity of ${name}`}
        min={min}
        max={max ?? undefined}
        step={step}
        value={draft}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(event.currentTarget.value);
        }}
      />
      <button
        type="button"
        className="cart-qty__step"
        aria-label={`Increase quantity of ${name}`}
        disabled={disabled || value + step > upper}
        onClick={() => onChange(value + step)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
