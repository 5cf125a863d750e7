import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { type ApiProblem, isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { dollarsToCents, formatMoney } from '@/lib/money';
import type { QuotationDetail } from '@/lib/resources/quotations/types';
import { formatDay } from '@/lib/time-format';
import { useEditStaffQuotation, useStaffDecision } from '../api/staff-quotations';
import { editBody, editorDefaults, editorFieldOf, editorSchema, type EditorValues, lineResult } from '../lib/editor-schema';
import { isPhysical } from '../lib/filters';
import { isoDay } from '../lib/format';
import { QUOTE_KINDS } from '../lib/quote';
import { LineDetails } from './quotation-lines';

const VALUE_LABELS = { percent_off: 'Percent off (%)', amount_off: 'Amount off the line (USD)', proposed_total: 'Line total (USD)' } as const;

type Outcome = { tone: 'success' | 'error'; text: string; conflict?: boolean };

/**
 * Sales price a quotation in review (SPEC §9): per line the catalogue price, a percent off, an
 * amount off or a proposed total, with the resulting price shown as it is typed; the shipping
 * price; valid-until; a comment. Save sends the whole state against the version loaded; a
 * newer version (someone else saved) is a conflict to reload. Send saves, then sends the prices.
 */
export function PriceEditor({
  quotation,
  onReload,
  onSent,
}: {
  quotation: QuotationDetail;
  /** Reads the quotation again; answers it as saved now. */
  onReload: () => Promise<QuotationDetail | undefined>;
  onSent: (text: string) => void;
}) {
  const q = quotation;
  const subtotals = useMemo(() => q.lines.map((l) => l.subtotal.cents), [q.lines]);
  // "Today" for the date rules, fixed while the editor is open.
  const [now] = useState(() => Date.now());
  const schema = useMemo(() => editorSchema(subtotals, now), [subtotals, now]);
  const edit = useEditStaffQuotation(q.number);
  const decide = useStaffDecision(q.number);
  const [working, setWorking] = useState<'save' | 'send' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const physical = q.lines.some((l) => isPhysical(l.product_type));
  const form = useForm<EditorValues>({ resolver: zodResolver(schema), defaultValues: editorDefaults(q, now) });
  const { register, control, handleSubmit, setError, resetField, reset, formState } = form;
  const errors = formState.errors;
  const [lines, shipping] = useWatch({ control, name: ['lines', 'shipping'] });
  const currency = q.currency;
  const m = (cents: number) => formatMoney(cents, currency);

  useEffect(() => {
    if (outcome?.tone === 'error') outcomeRef.current?.focus();
  }, [outcome]);

  const results = q.lines.map((l, i) => lineResult(l.subtotal.cents, lines[i] ?? { kind: 'catalogue', value: '' }));
  const allValid = results.every((r) => 'total' in r);
  const quotedSubtotal = results.reduce((sum, r) => sum + ('total' in r ? r.total : 0), 0);
  const shippingCents = physical ? dollarsToCents(shipping) : null;
  const total = quotedSubtotal + (typeof shippingCents === 'number' ? shippingCents : 0);

  const fail = (e: unknown) => {
    const problem: ApiProblem | null = isApiProblem(e) ? e : null;
    if (problem?.code === 'version_conflict') {
      setOutcome({
        tone: 'error',
        conflict: true,
        text: 'Someone else saved this quotation since you opened it. Reload it to see their prices, then apply your change again.',
      });
      return;
    }
    let placed = 0;
    for (const fe of problem?.errors ?? []) {
      const name = editorFieldOf(fe.field);
      if (name) {
        setError(name as FieldPath<EditorValues>, { type: 'server', message: fe.message }, { shouldFocus: placed === 0 });
        placed += 1;
      }
    }
    setOutcome({
      tone: 'error',
      text: placed > 0 ? 'Check the highlighted fields.' : problem ? (problem.detail ?? messageForProblem(problem)) : 'Nothing was saved. Try again.',
    });
  };

  const save = handleSubmit((values) => {
    setOutcome(null);
    setWorking('save');
    edit.mutate(editBody(q, values, { withComment: true }), {
      onSuccess: (saved) => {
        resetField('comment');
        setOutcome({ tone: 'success', text: `Saved. Quoted subtotal ${m(saved.totals.quoted_subtotal.cents)}.` });
      },
      onError: fail,
      onSettled: () => setWorking(null),
    });
  });

  const send = handleSubmit(async (values) => {
    setOutcome(null);
    setWorking('send');
    try {
      await edit.mutateAsync(editBody(q, values, { withComment: false }));
      const sent = await decide.mutateAsync({ decision: 'send', comment: values.comment });
      onSent(
        `Prices sent to ${q.customer?.email ?? 'the customer'}${sent.valid_until ? `, valid until ${formatDay(sent.valid_until)}` : ''}.`,
      );
    } catch (e) {
      fail(e);
    } finally {
      setWorking(null);
    }
  });

  const reload = async () => {
    const fresh = await onReload();
    if (!fresh) return;
    reset(editorDefaults(fresh, now));
    setOutcome({ tone: 'success', text: 'Reloaded: the form shows the prices as saved now. Apply your change again.' });
  };

  const defaultUntil = formatDay(now + 30 * 86_400_000);

  return (
    <form className="q-editor" noValidate aria-labelledby="q-editor-heading" onSubmit={(e) => void save(e)}>
      <h2 id="q-editor-heading">Prices</h2>
      <div
        ref={outcomeRef}
        tabIndex={-1}
        className={outcome ? `form-alert form-alert--${outcome.tone}` : 'form-alert form-alert--empty'}
        role={outcome?.tone === 'error' ? 'alert' : 'status'}
      >
        {outcome && <p>{outcome.text}</p>}
        {outcome?.conflict && (
          <Button variant="secondary" size="sm" onClick={() => void reload()}>
            Reload
          </Button>
        )}
      </div>
      <ol className="q-editor__lines">
        {q.lines.map((l, i) => {
          const input = lines[i];
          const result = results[i]!;
          const kind = input?.kind ?? 'catalogue';
          return (
            <li key={l.id} className="q-editor__line" data-testid="editor-line">
              <fieldset>
                <legend>
                  <span className="q-line__name">{l.name || l.sku}</span> <span className="muted">({l.sku})</span>
                </legend>
                {(l.options.length > 0 || l.serials.length > 0) && (
                  <p>
                    <LineDetails line={l} withSku={false} />
                  </p>
                )}
                <p className="muted">
                  {l.qty} × {m(l.unit_price.cents)} = <strong>{m(l.subtotal.cents)}</strong> at catalogue prices
                </p>
                <div className="q-editor__controls">
                  <Select
                    label="Price"
                    options={QUOTE_KINDS}
                    {...register(`lines.${i}.kind`)}
                  />
                  {kind !== 'catalogue' && (
                    <Input
                      label={VALUE_LABELS[kind]}
                      inputMode="decimal"
                      autoComplete="off"
                      error={errors.lines?.[i]?.value?.message}
                      {...register(`lines.${i}.value`)}
                    />
                  )}
                  <p className="q-editor__result" data-testid="line-result">
                    <span className="muted">Line price</span>{' '}
                    {'total' in result ? (
                      <>
                        <strong>{m(result.total)}</strong>
                        {result.total !== l.subtotal.cents && <span className="q-editor__off"> ({`−${m(l.subtotal.cents - result.total)}`})</span>}
                      </>
                    ) : (
                      <strong>—</strong>
                    )}
                  </p>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="q-editor__terms">
        {physical && (
          <Input
            label="Shipping price (USD)"
            hint="Charged when the buyer chooses Priority Shipping. Leave empty to charge the store’s rates at payment."
            inputMode="decimal"
            error={errors.shipping?.message}
            {...register('shipping')}
          />
        )}
        <Input
          label="Valid until"
          type="date"
          hint={`The last day the prices hold. Empty: 30 days after sending (${defaultUntil} if sent today).`}
          min={isoDay(new Date(now))}
          error={errors.validUntil?.message}
          {...register('validUntil')}
        />
      </div>
      <Textarea
        label="Comment for the customer"
        hint="Saved with the prices, or sent with them; the customer sees it in the history and by e-mail."
        error={errors.comment?.message}
        {...register('comment')}
      />
      <p className="q-editor__total" role="status" data-testid="editor-total">
        {allValid ? (
          <>
            Quoted subtotal <strong>{m(quotedSubtotal)}</strong>
            {physical && typeof shippingCents === 'number' && <> + shipping {m(shippingCents)}</>} = total before tax{' '}
            <strong>{m(total)}</strong>
          </>
        ) : (
          'Fix the marked prices to see the total.'
        )}
      </p>
      <div className="q-actions">
        <Button type="submit" variant="secondary" loading={working === 'save'} disabled={working === 'send'}>
          {working === 'save' ? 'Saving…' : 'Save'}
        </Button>
        <Button loading={working === 'send'} disabled={working === 'save'} onClick={() => void send()}>
          {working === 'send' ? 'Sending to the customer…' : 'Send to customer'}
        </Button>
      </div>
    </form>
  );
}
