import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { loginUrl } from '@/lib/auth/return-path';

/** A failed back-office request (credit, quotations): signed out → sign in and come back; without the role → say whose page it is; else retry. */
export function StaffNotice({ error, onRetry, what, role = 'sales' }: { error: unknown; onRetry?: () => void; what: string; role?: 'sales' | 'fulfilment' | 'admin' }) {
  const location = useLocation();
  const status = isApiProblem(error) ? error.status : 0;
  return (
    <div className="staff-notice" role="alert">
      {status === 401 ? (
        <p>
          <Link to={loginUrl(`${location.pathname}${location.search}`)}>Sign in</Link> with {role === 'admin' ? 'an admin' : `a ${role} or admin`} account to
          see {what}.
        </p>
      ) : status === 403 ? (
        <p>
          {what.charAt(0).toUpperCase() + what.slice(1)} {role === 'admin' ? 'are for admins' : `are for ${role} staff`}. Ask an admin for the {role}{' '}
          role if you need {what.startsWith('the ') ? 'it' : 'them'}.
        </p>
      ) : (
        <p>
          {isApiProblem(error) ? messageForProblem(error) : `We couldn’t load ${what}.`}{' '}
          {onRetry && (
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Try again
            </Button>
          )}
        </p>
      )}
    </div>
  );
}
