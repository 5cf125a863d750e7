import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';

/** A partner page that could not be loaded: why, and what to do (retry, or contact us when the account is not linked). */
export function PartnerNotice({ error, what, onRetry }: { error: unknown; what: string; onRetry?: () => void }) {
  const status = isApiProblem(error) ? error.status : 0;
  return (
    <div className="form-alert form-alert--error" role="alert">
      {status === 403 ? (
        <p>
          Your account is not linked to a partner company, so there is no {what} to show. Contact your Uplink account
          manager to link it.
        </p>
      ) : status === 404 ? (
        <p>There is no such {what} on your partner account. Open it from your partner dashboard.</p>
      ) : (
        <p>
          We couldn’t load {what}. {isApiProblem(error) ? messageForProblem(error) : 'Check your connection and try again.'}{' '}
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
