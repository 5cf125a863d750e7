import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Field, fieldIds } from './field';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Error text; marks the input aria-invalid and describes it. */
  error?: ReactNode;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ label, hint, error, id, className, required, ...rest }: InputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const ids = fieldIds(inputId, hint, error, rest['aria-describedby']);
  return (
    <Field id={inputId} label={label} hint={hint} error={error} required={required} ids={ids} className={className}>
      <input
        {...rest}
        id={inputId}
        required={required}
        className="ui-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
    </Field>
  );
}
