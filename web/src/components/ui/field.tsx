import type { ReactNode } from 'react';

export interface FieldIds {
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
}

export function fieldIds(id: string, hint: ReactNode, error: ReactNode, extra?: string): FieldIds {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [extra, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy };
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  ids: FieldIds;
  children: ReactNode;
  className?: string;
}

/** Label + control + hint + error, shared by Input and Select. */
export function Field({ id, label, hint, error, required, ids, children, className }: FieldProps) {
  return (
    <div className={['ui-field', error ? 'ui-field--invalid' : undefined, className].filter(Boolean).join(' ')}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p className="ui-field__hint" id={ids.hintId}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="ui-field__error" id={ids.errorId}>
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
    </div>
  );
}
