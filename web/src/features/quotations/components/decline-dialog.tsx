import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useStaffDecision } from '../api/staff-quotations';
import { MAX_COMMENT } from './quotation-history';

/** Sales decline a quotation, with a reason the customer reads (optional but kind). */
export function DeclineQuotation({ number, onDeclined }: { number: string; onDeclined: (text: string) => void }) {
  const decide = useStaffDecision(number);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setError(null);
  };
  const decline = () => {
    if (reason.trim().length > MAX_COMMENT) {
      setError(`Keep the reason to ${MAX_COMMENT.toLocaleString('en-US')} characters.`);
      return;
    }
    setError(null);
    decide.mutate(
      { decision: 'decline', comment: reason },
      {
        onSuccess: () => {
          setOpen(false);
          onDeclined(`Quotation ${number} declined. The customer can still buy the items at catalogue prices.`);
        },
        onError: (e) => setError(isApiProblem(e) ? (e.fieldErrors.comment ?? e.detail ?? messageForProblem(e)) : 'It was not declined. Try again.'),
      },
    );
  };
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Decline…
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={`Decline quotation ${number}?`}
        description="The customer is told by e-mail and can still buy the items at catalogue prices. This cannot be undone."
        actions={
          <>
            <Button variant="secondary" onClick={close}>
              Keep it
            </Button>
            <Button variant="danger" loading={decide.isPending} onClick={decline}>
              {decide.isPending ? 'Declining…' : 'Decline quotation'}
            </Button>
          </>
        }
      >
        <Textarea
          label="Reason for the customer"
          hint="Optional: why, and what you can offer instead."
          value={reason}
          maxLength={MAX_COMMENT}
          error={error ?? undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </Dialog>
    </>
  );
}
