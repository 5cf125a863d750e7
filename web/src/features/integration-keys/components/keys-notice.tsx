import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { loginUrl } from '@/lib/auth/return-path';

/**
 * The key list could not be loaded: signed out → sign in and come back; not an admin → say whose
 * page it is and whom to ask; anything else → the reason and a retry.
 */
export function KeysNotice({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const location = useLocation();
  const status = isApiProblem(error) ? error.status : 0;
  if (status === 401)
    return (
      <div className="staff-notice" role="alert">
        <p>
          <Link to={loginUrl(`${location.pathname}${location.search}`)}>Sign in</Link> with an admin account to manage
          integration keys.
        </p>
      </div>
    );
  if (status === 403)
    return (
      <div className="staff-notice" role="alert">
        <p>
          Integration keys are for admins only. Ask an admin to create a key for your system, or to give your account
          the admin role.
        </p>
      </div>
    );
  return (
    <div className="staff-notice" role="alert">
      <p>
        {isApiProblem(error)
          ? `We couldn’t load the integration keys. ${messageForProblem(error)}`
          : 'We couldn’t load the integration keys. Reload the page and try again.'}{' '}
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </p>
    </div>
  );
}
