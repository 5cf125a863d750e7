import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { Button } from '@/components/ui/button';
import type { ReactNode } from 'react';

export interface QueryErrorProps {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  /** Extra ways forward (links) shown under the message. */
  children?: ReactNode;
}

/** A failed request: what happened, and what to do next (retry or another way forward). */
export function QueryError({ error, onRetry, title = 'We couldn’t load this', children }: QueryErrorProps) {
  const message = isApiProblem(error)
    ? messageForProblem(error)
    : 'Something unexpected happened. Reload the page and try again.';
  const detail = isApiProblem(error) && error.status === 422 ? error.errors.map((item) => item.message).join(' ') : '';
  return (
    <div className="notice notice--error" role="alert">
      <h2 className="notice__title">{title}</h2>
      <p>{message}</p>
      {detail && <p className="notice__detail">{detail}</p>}
      <div className="notice__actions">
        {onRetry && (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
        {children}
      </div>
    </div>
  );
}
