import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { Field, fieldIds } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  /** Visually hide the label (it stays available to assistive technology). */
  hideLabel?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ label, options, hint, error, id, className, required, hideLabel, ...rest }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const ids = fieldIds(selectId, hint, error, rest['aria-describedby']);
  return (
    <Field
      id={selectId}
      label={hideLabel ? <span className="visually-hidden">{label}</span> : label}
      hint={hint}
      error={error}
      required={required}
      ids={ids}
      className={[hideLabel && 'ui-field--compact', className].filter(Boolean).join(' ') || undefined}
    >
      <select
        {...rest}
        id={selectId}
        required={required}
        className="ui-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
