import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface QuantityInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'min' | 'max' | 'step' | 'value'> {
  label?: string;
  min: number;
  max: number | null;
  step: number;
  value?: number;
  error?: string;
  hint?: string;
  onStep: (next: number) => void;
  ref?: Ref<HTMLInputElement>;
}

/** A number box with − and + buttons that respect min, max and step. */
export function QuantityInput({
  label = 'Quantity',
  min,
  max,
  step,
  value,
  error,
  hint,
  onStep,
  ...rest
}: QuantityInputProps) {
  const id = useId();
  const current = Number.isFinite(value) ? (value as number) : min;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['ui-field', 'quantity', error && 'ui-field--invalid'].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="ui-field__label">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="ui-field__hint">
          {hint}
        </p>
      )}
      <div className="quantity__control">
        <button
          type="button"
          className="quantity__step"
          aria-label={`Decrease ${label.toLowerCase()}`}
          disabled={current - step < min}
          onClick={() => onStep(Math.max(min, current - step))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          {...rest}
          id={id}
          type="number"
          inputMode="numeric"
          className="ui-input quantity__input"
          min={min}
          max={max ?? undefined}
          step={step}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label={`Increase ${label.toLowerCase()}`}
          disabled={max !== null && current + step > max}
          onClick={() => onStep(max !== null ? Math.min(max, current + step) : current + step)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="ui-field__error">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
    </div>
  );
}
