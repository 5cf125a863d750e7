import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { centsToDollars, dollarsToCents, formatMoney } from '@/lib/money';
import type { CreditInvoice } from '@/lib/resources/credit/types';
import { useRecordCreditPayment } from '../api/staff-credit';

/** Records a payment received against one invoice: the amount (the whole outstanding sum by default) and its reference. */
export function RecordPayment({ customerId, invoice }: { customerId: string; invoice: CreditInvoice }) {
  const record = useRecordCreditPayment(customerId);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(centsToDollars(invoice.outstanding.cents));
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reference?: string; form?: string }>({});
  if (!open) {
    return (
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          setAmount(centsToDollars(invoice.outstanding.cents));
          setErrors({});
          setOpen(true);
        }}
      >
        Record payment<span className="visually-hidden"> for {invoice.order_number}</span>
      </Button>
    );
  }
  const submit = () => {
    const cents = dollarsToCents(amount);
    const next: typeof errors = {};
    if (typeof cents !== 'number' || cents <= 0) next.amount = 'Enter the amount received in dollars.';
    else if (cents > invoice.outstanding.cents)
      next.amount = `At most ${formatMoney(invoice.outstanding.cents, invoice.outstanding.currency)} is open on this invoice.`;
    if (!reference.trim()) next.reference = 'Enter the bank line or cheque number.';
    setErrors(next);
    if (next.amount || next.reference || typeof cents !== 'number') return;
    record.mutate(
      { number: invoice.order_number, amount_cents: cents, reference: reference.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          setReference('');
        },
        onError: (error) => {
          if (!isApiProblem(error)) return setErrors({ form: 'The payment was not recorded. Try again.' });
          const byField = Object.fromEntries(error.errors.map((f) => [f.field, f.message]));
          setErrors({
            amount: byField.amount_cents,
            reference: byField.reference,
            form: byField.order ?? (error.errors.length ? undefined : messageForProblem(error)),
          });
        },
      },
    );
  };
  return (
    <form
      className="credit-payment"
      aria-label={`Record a payment for ${invoice.order_number}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {errors.form && (
        <p role="alert" className="form-alert form-alert--error">
          {errors.form}
        </p>
      )}
      <Input label="Amount (USD)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} required />
      <Input label="Reference" value={reference} onChange={(e) => setReference(e.target.value)} error={errors.reference} required />
      <div className="credit-form__actions">
        <Button type="submit" size="sm" loading={record.isPending}>
          Record
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
