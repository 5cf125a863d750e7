import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

/** Copies `value` to the clipboard and says so on the button and to screen readers (or how to copy by hand). */
export function CopyButton({
  value,
  label,
  children = 'Copy link',
  ...rest
}: { value: string; /** What is copied, for screen readers ("Northwind's store link"). */ label: string } & Omit<ButtonProps, 'onClick' | 'value'>) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    if (!navigator.clipboard) {
      setState('failed');
      return;
    }
    navigator.clipboard.writeText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <>
      <Button variant="secondary" size="sm" {...rest} onClick={copy} aria-label={`${state === 'copied' ? 'Copied' : 'Copy'} ${label}`}>
        {state === 'copied' ? 'Copied' : children}
      </Button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? `${label} copied.` : state === 'failed' ? `Copying failed: select ${label} and copy it by hand.` : ''}
      </span>
    </>
  );
}
