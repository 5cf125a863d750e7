import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatMoney } from '@/lib/money';
import type { OrderDetail } from '@/lib/resources/orders/types';
import { useStaffAction } from '../api/staff';
import { type RefundPick, planRefund, refundableQty, refundedCents } from '../lib/refund';

/** What a failed refund means and what to do next. */
export function refundErrorMessage(error: unknown): string {
  if (!isApiProblem(error)) return 'The refund failed. Try again.';
  if (error.code === 'refund_declined')
    return 'The payment provider declined the refund; nothing changed. Try again later, or give the money back outside the store and note it on the order.';
  if (error.code === 'order_not_refundable')
    return 'This order can’t be refunded now: only a completed order with something left to refund can be. Reload the order to see its state.';
  if (error.status === 403) return 'Only admins can refund orders. Ask an admin to do it.';
  if (error.code === 'validation_failed') return error.detail ?? 'Check the highlighted fields.';
  return messageForProblem(error);
}

/**
 * Refund a completed order (admins): units per line up to what is left, or everything left (shipping
 * included), with a reason; a confirmation shows the amount before the money goes back.
 */
export function RefundForm({ order, onDone }: { order: OrderDetail; onDone?: (message: string) => void }) {
  const action = useStaffAction();
  const [pick, setPick] = useState<RefundPick>({});
  const [everything, setEverything] = useState(false);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const currency = order.totals.total.currency;
  const plan = planRefund(order, pick, everything);
  const left = order.totals.total.cents - refundedCents(order);
  const serverFields = action.isError && isApiProblem(action.error) ? action.error.fieldErrors : {};
  const lineError = (lineId: string) => {
    const i = plan.lines.findIndex((l) => l.line_id === lineId);
    return problems[lineId] ?? (i >= 0 ? (serverFields[`lines[${i}].qty`] ?? serverFields[`lines[${i}].line_id`]) : undefined);
  };

  const review = () => {
    const next: Record<string, string> = {};
    if (!reason.trim()) next.reason = 'Give the reason for the refund (it is printed on the credit note).';
    if (!everything) {
      for (const l of order.lines) {
        const q = pick[l.id] ?? 0;
        if (!Number.isInteger(q) || q < 0 || q > refundableQty(l)) next[l.id] = `Choose 0 to ${refundableQty(l)} units.`;
      }
      if (plan.lines.length === 0 && Object.keys(next).every((k) => k === 'reason')) next.lines = 'Choose at least one unit to refund, or refund everything left.';
    }
    setProblems(next);
    action.reset();
    if (Object.keys(next).length === 0) setConfirming(true);
  };

  const submit = () => {
    action.mutate(
      { kind: 'refund', number: order.number, reason: reason.trim(), lines: plan.lines },
      {
        onSuccess: (after) => {
          setConfirming(false);
          setPick({});
          setEverything(false);
          setReason('');
          const note = after.refunds[after.refunds.length - 1];
          onDone?.(`Refunded ${formatMoney(plan.cents, currency)}${note ? `; credit note ${note.number}` : ''}.`);
        },
        onError: () => setConfirming(false),
      },
    );
  };

  return (
    <form
      className="refund-form"
      aria-labelledby="refund-h"
      data-testid="refund-form"
      onSubmit={(e) => {
        e.preventDefault();
        review();
      }}
      noValidate
    >
      <h2 id="refund-h">Refund</h2>
      <p className="muted">
        {formatMoney(left, currency)} of {formatMoney(order.totals.total.cents, currency)} is left to refund. The money goes back through{' '}
        {order.payment.name}; the customer gets a credit note.
      </p>
      <fieldset className="admin-checks">
        <legend>What to refund</legend>
        <label>
          <input type="radio" name="refund-scope" checked={!everything} onChange={() => setEverything(false)} /> Chosen units
        </label>
        <label>
          <input type="radio" name="refund-scope" checked={everything} onChange={() => setEverything(true)} /> Everything left, shipping included
        </label>
      </fieldset>
      {!everything && (
        <div className="refund-lines">
          {order.lines.map((l) => {
            const max = refundableQty(l);
            return (
              <Input
                key={l.id}
                label={`${l.name} (${l.sku})`}
                hint={max === 0 ? 'Already refunded in full.' : `Up to ${max} of ${l.qty} unit${l.qty === 1 ? '' : 's'}${l.refunded_qty ? ` (${l.refunded_qty} refunded)` : ''}.`}
                type="number"
                inputMode="numeric"
                min={0}
                max={max}
                step={1}
                disabled={max === 0}
                value={String(pick[l.id] ?? 0)}
                onChange={(e) => setPick({ ...pick, [l.id]: e.target.value === '' ? 0 : Number(e.target.value) })}
                error={lineError(l.id)}
              />
            );
          })}
          {problems.lines && (
            <p className="form-alert form-alert--error" role="alert">
              {problems.lines}
            </p>
          )}
        </div>
      )}
      <Textarea
        label="Reason"
        required
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={problems.reason ?? serverFields.reason}
        hint="Printed on the credit note the customer receives."
      />
      <p data-testid="refund-amount">
        Refund amount: <strong>{formatMoney(plan.cents, currency)}</strong>
      </p>
      {action.isError && (
        <p className="form-alert form-alert--error" role="alert" data-testid="refund-error">
          {refundErrorMessage(action.error)}
        </p>
      )}
      <Button type="submit" variant="danger">
        Review the refund
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Refund ${formatMoney(plan.cents, currency)}?`}
        description={`${formatMoney(plan.cents, currency)} goes back to the customer through ${order.payment.name}${plan.everything ? ', and the order becomes Refunded' : ''}. This can’t be undone.`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep the money
            </Button>
            <Button variant="danger" loading={action.isPending} onClick={submit}>
              Refund {formatMoney(plan.cents, currency)}
            </Button>
          </>
        }
      >
        <ul>
          {everything ? (
            <li>Everything left on order {order.number}</li>
          ) : (
            plan.lines.map((pl) => {
              const l = order.lines.find((x) => x.id === pl.line_id)!;
              return (
                <li key={pl.line_id}>
                  {pl.qty} × {l.name} ({l.sku})
                </li>
              );
            })
          )}
          <li>Reason: {reason.trim()}</li>
        </ul>
      </Dialog>
    </form>
  );
}
