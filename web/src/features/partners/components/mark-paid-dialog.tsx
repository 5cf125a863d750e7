import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatMoney } from '@/lib/money';
import { useMarkRebatesPaid } from '../api/mark-rebates-paid';
import type { Payout, PayoutDue } from '../api/types';

/**
 * Records a payout of `target`'s available rebates with the bank reference. The amount sent is the
 * one shown; when it changed meanwhile (rebates matured or were clawed back) the server refuses,
 * and the dialog shows the new amount to confirm instead.
 */
export function MarkPaidDialog({
  target,
  onClose,
  onPaid,
}: {
  target: PayoutDue | null;
  onClose: () => void;
  onPaid: (payout: Payout, partner: PayoutDue) => void;
}) {
  const mark = useMarkRebatesPaid();
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The amount being confirmed: the listed one, or the server's after a conflict.
  const [amount, setAmount] = useState<number | null>(null);
  const [changedFrom, setChangedFrom] = useState<number | null>(null);
  const shown = amount ?? target?.available.cents ?? 0;
  const currency = target?.available.currency ?? 'USD';
  const m = (cents: number) => formatMoney(cents, currency);

  const close = () => {
    if (mark.isPending) return;
    setReference('');
    setReferenceError(null);
    setFailure(null);
    setAmount(null);
    setChangedFrom(null);
    mark.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    setFailure(null);
    if (!reference.trim()) {
      setReferenceError('Enter the bank or payout reference of the transfer.');
      return;
    }
    setReferenceError(null);
    mark.mutate(
      { partnerId: target.id, reference: reference.trim(), amountCents: shown },
      {
        onSuccess: (payout) => {
          close();
          onPaid(payout, target);
        },
        onError: (error) => {
          const problem = isApiProblem(error) ? error : null;
          const current = problem?.extensions.available_cents;
          if (problem?.code === 'version_conflict' && typeof current === 'number') {
            setChangedFrom(shown);
            setAmount(current);
            setFailure(
              current > 0
                ? `Nothing was recorded: the available amount changed to ${m(current)} meanwhile. Check it, then record the payout of ${m(current)}.`
                : 'Nothing was recorded: there is nothing available to pay any more. Close this dialog; the list has been reloaded.',
            );
            return;
          }
          if (problem?.fieldErrors.reference) {
            setReferenceError(problem.fieldErrors.reference);
            return;
          }
          setFailure(`Nothing was recorded. ${problem ? (problem.detail ?? messageForProblem(problem)) : 'Check your connection and try again.'}`);
        },
      },
    );
  };

  return (
    <Dialog
      open={target !== null}
      onClose={close}
      title={`Record a payout to ${target?.partner_name ?? ''}`}
      description="Make the transfer first, then record it here with its reference: every available rebate of this partner is marked paid."
    >
      <form className="mark-paid" onSubmit={submit} noValidate>
        <p className="mark-paid__amount" data-testid="payout-amount">
          Amount: <strong>{m(shown)}</strong>
          {changedFrom !== null && changedFrom !== shown && <span className="muted"> (was {m(changedFrom)})</span>}
          {target && <span className="muted"> · {target.available_entries} entries</span>}
        </p>
        <Input
          label="Payment reference"
          hint="The bank or payout reference, e.g. SEPA-2026-0142."
          required
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          error={referenceError ?? undefined}
          autoComplete="off"
        />
        <div className={failure ? 'form-alert form-alert--error' : 'form-alert form-alert--empty'} role="alert">
          {failure}
        </div>
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={close} disabled={mark.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mark.isPending} disabled={shown <= 0}>
            {mark.isPending ? 'Recording…' : `Mark ${m(shown)} paid`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
