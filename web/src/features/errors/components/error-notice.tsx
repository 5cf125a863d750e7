import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';

/** A failed staff request: what happened and what to do next. */
export function ErrorNotice({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title: string }) {
  const unauthenticated = isApiProblem(error) && error.status === 401;
  const message = isApiProblem(error)
    ? messageForProblem(error)
    : 'Something unexpected happened. Reload the page and try again.';
  return (
    <div className="errs-notice" role="alert">
      <h2>{title}</h2>
      <p>{message}</p>
      <div>
        {unauthenticated ? (
          <a className="ui-button ui-button--primary ui-button--sm" href={`/login?return_to=${encodeURIComponent('/admin/errors')}`}>
            Sign in
          </a>
        ) : (
          onRetry && (
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Try again
            </Button>
          )
        )}
      </div>
    </div>
  );
}
