import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { loginUrl } from '@/lib/auth/return-path';

/** A failed staff request: what happened and what to do next. */
export function ErrorNotice({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title: string }) {
  const location = useLocation();
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
          <Link className="ui-button ui-button--primary ui-button--sm" to={loginUrl(`${location.pathname}${location.search}`)}>
            Sign in
          </Link>
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
