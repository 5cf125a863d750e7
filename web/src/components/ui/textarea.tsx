import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { Field, fieldIds } from './field';

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Error text; marks the textarea aria-invalid and describes it. */
  error?: ReactNode;
  id?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text field (comments, notes), with its hint and error like Input. */
export function Textarea({ label, hint, error, id, className, required, rows = 3, ...rest }: TextareaProps) {
  const generated = useId();
  const textareaId = id ?? generated;
  const ids = fieldIds(textareaId, hint, error, rest['aria-describedby']);
  return (
    <Field id={textareaId} label={label} hint={hint} error={error} required={required} ids={ids} className={className}>
      <textarea
        {...rest}
        id={textareaId}
        rows={rows}
        required={required}
        className="ui-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
    </Field>
  );
}
