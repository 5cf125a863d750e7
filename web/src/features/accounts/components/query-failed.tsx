import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { FormAlert } from './form-alert';

/** A section whose data did not load: what happened, and a retry. */
export function QueryFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="acct-failed">
      <FormAlert>{isApiProblem(error) ? messageForProblem(error) : 'This didn’t load. Try again.'}</FormAlert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
