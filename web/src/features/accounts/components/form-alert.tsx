import type { ReactNode } from 'react';

/**
 * A form's overall message. Always rendered (empty when there is nothing to say) so that
 * screen readers announce the text when it appears: errors assertively, notices politely.
 */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children?: ReactNode }) {
  return (
    <div
      className={children ? `form-alert form-alert--${tone}` : 'form-alert form-alert--empty'}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
    >
      {children}
    </div>
  );
}
