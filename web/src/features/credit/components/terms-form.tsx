import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { centsToDollars, dollarsToCents, formatMoney } from '@/lib/money';
import type { CreditAccount } from '@/lib/resources/credit/types';
import { z } from '@/lib/zod';
import { useSetCreditTerms } from '../api/staff-credit';

const MAX_LIMIT_CENTS = 10_000_000_000;

const schema = z.object({
  limit: z.string().refine((v) => {
    const cents = dollarsToCents(v);
    return typeof cents === 'number' && cents <= MAX_LIMIT_CENTS;
  }, 'Enter a limit in dollars, from 0 to 100,000,000 (two decimals at most).'),
  days: z
    .string()
    .refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 365, 'Enter payment terms from 1 to 365 days.'),
  mayExceed: z.boolean(),
  note: z.string().max(500, 'Keep the note to 500 characters.'),
});
type Values = z.infer<typeof schema>;

const FIELD_OF: Record<string, keyof Values> = { credit_limit_cents: 'limit', payment_terms_days: 'days', note: 'note' };

/** Sales staff set, change or withdraw a customer's credit terms; every change lands in the history. */
export function TermsForm({ account }: { account: CreditAccount }) {
  const save = useSetCreditTerms(account.customer.id);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const terms = account.terms;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      limit: terms ? centsToDollars(terms.credit_limit.cents) : '',
      days: String(terms?.payment_terms_days ?? 30),
      mayExceed: terms?.may_exceed_limit ?? false,
      note: '',
    },
  });

  const onError = (error: unknown) => {
    if (!isApiProblem(error)) return setMessage({ tone: 'error', text: 'The change was not saved. Try again.' });
    for (const f of error.errors) {
      const field = FIELD_OF[f.field];
      if (field) setError(field, { type: 'server', message: f.message });
    }
    setMessage({ tone: 'error', text: error.errors.length ? 'Check the highlighted fields.' : messageForProblem(error) });
  };

  const onSubmit = handleSubmit((v) => {
    setMessage(null);
    save.mutate(
      {
        credit_limit_cents: dollarsToCents(v.limit) as number,
        payment_terms_days: Number(v.days),
        may_exceed_limit: v.mayExceed,
        note: v.note.trim() || undefined,
      },
      {
        onSuccess: (saved) => {
          reset({ ...v, note: '' });
          setMessage({
            tone: 'success',
            text: saved.terms
              ? `Saved: ${formatMoney(saved.terms.credit_limit.cents, saved.terms.credit_limit.currency)} limit, ${saved.terms.payment_terms_days}-day terms.`
              : 'Saved.',
          });
        },
        onError,
      },
    );
  });

  const withdraw = () => {
    setConfirmWithdraw(false);
    setMessage(null);
    save.mutate(
      { credit_limit_cents: null, note: 'Withdrawn by sales' },
      { onSuccess: () => setMessage({ tone: 'success', text: 'Credit terms withdrawn. Open invoices stay due.' }), onError },
    );
  };

  return (
    <form className="credit-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="terms-heading">
      <h2 id="terms-heading">{terms ? 'Change credit terms' : 'Grant credit terms'}</h2>
      <div
        className={message ? `form-alert form-alert--${message.tone}` : 'form-alert form-alert--empty'}
        role={message?.tone === 'error' ? 'alert' : 'status'}
      >
        {message?.text}
      </div>
      <div className="credit-form__row">
        <Input label="Credit limit (USD)" inputMode="decimal" required error={errors.limit?.message} {...register('limit')} />
        <Input label="Payment terms (days)" inputMode="numeric" required error={errors.days?.message} {...register('days')} />
      </div>
      <label className="credit-check">
        <input type="checkbox" {...register('mayExceed')} />
        <span>May exceed the limit (orders beyond the available credit are still accepted)</span>
      </label>
      <Input label="Note for the history" hint="Why the terms change; the customer sees it." error={errors.note?.message} {...register('note')} />
      <div className="credit-form__actions">
        <Button type="submit" loading={save.isPending}>
          {terms ? 'Save credit terms' : 'Grant credit terms'}
        </Button>
        {terms && (
          <Button type="button" variant="danger" onClick={() => setConfirmWithdraw(true)} disabled={save.isPending}>
            Withdraw credit terms
          </Button>
        )}
      </div>
      <Dialog
        open={confirmWithdraw}
        onClose={() => setConfirmWithdraw(false)}
        title="Withdraw credit terms?"
        description={`${account.customer.company ?? account.customer.name} can no longer pay on credit terms. Invoices already issued stay due.`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirmWithdraw(false)}>
              Keep the terms
            </Button>
            <Button variant="danger" onClick={withdraw}>
              Withdraw
            </Button>
          </>
        }
      />
    </form>
  );
}
