import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isApiProblem } from '@/lib/api/api-problem';
import { loginUrl } from '@/lib/auth/return-path';
import { formatMegabytes } from '@/lib/bytes';
import { useSetUsageAlert } from '../api/set-alert';
import type { UsageAlert, UsageItem } from '../api/types';
import { alertSchema, type AlertFormValues, defaultValueFor, formValuesOf, toAlertRequest } from '../lib/alert-schema';
import { alertStatusText, alertThresholdText } from '../lib/present';
import { problemText } from '../lib/problem-text';

type Message = { tone: 'success' | 'error'; text: string; signIn?: boolean };

const CHOICES: { kind: AlertFormValues['kind']; label: string }[] = [
  { kind: 'off', label: 'Don’t e-mail me' },
  { kind: 'percent', label: 'When a share of the data is left (%)' },
  { kind: 'gb', label: 'When an amount of data is left (GB)' },
];

/** The sentence after a save: what the alert now does, and whether it is already reached. */
function savedText(alert: UsageAlert | null | undefined, remainingMb: number | null | undefined): string {
  if (!alert) return 'Saved: the low-data alert is off.';
  const threshold = alertThresholdText(alert);
  if (!alert.reached) return `Saved: we’ll e-mail you ${threshold}.`;
  const left = remainingMb == null ? '' : ` — ${formatMegabytes(Math.max(0, remainingMb))} is left`;
  return `Saved. This threshold is already reached${left}, so no e-mail goes out now. After a top-up lifts the data above it, we’ll e-mail you ${threshold}.`;
}

/**
 * The low-data e-mail alert of a metered item: off, a per cent of the allowance, or an amount in
 * GB (sent as MB). Checked here first; the server's field errors land on the same fields.
 */
export function AlertForm({ item }: { item: UsageItem }) {
  const allowance = item.allowance_mb ?? 0;
  const schema = useMemo(() => alertSchema(allowance), [allowance]);
  const save = useSetUsageAlert();
  const [message, setMessage] = useState<Message | null>(null);
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useForm<AlertFormValues>({ resolver: zodResolver(schema), defaultValues: formValuesOf(item.alert, allowance) });
  const kind = useWatch({ control, name: 'kind' });

  const onSubmit = handleSubmit((values) => {
    setMessage(null);
    save.mutate(
      { id: item.id, body: toAlertRequest(values) },
      {
        onSuccess: ({ alert }) => setMessage({ tone: 'success', text: savedText(alert, item.remaining_mb) }),
        onError: (error) => {
          if (isApiProblem(error) && error.status === 401) {
            setMessage({ tone: 'error', text: 'Your session has ended, so the alert wasn’t saved.', signIn: true });
            return;
          }
          let onField = false;
          if (isApiProblem(error)) {
            for (const problem of error.errors) {
              if (problem.field === 'value' || problem.field === 'kind') {
                setError(problem.field, { type: 'server', message: problem.message });
                onField = true;
              }
            }
          }
          setMessage({
            tone: 'error',
            text: onField
              ? 'The alert wasn’t saved. Correct the highlighted choice and save again.'
              : `The alert wasn’t saved. ${problemText(error, 'Check your connection and try again.')}`,
          });
        },
      },
    );
  });

  const kindField = register('kind', {
    onChange: (event: { target: { value: AlertFormValues['kind'] } }) => {
      setMessage(null);
      clearErrors();
      setValue('value', defaultValueFor(event.target.value, item.alert, allowance));
    },
  });

  return (
    <section className="usage-alert" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="usage-card__subtitle">
        Low-data alert
      </h3>
      <div className={item.alert?.reached ? 'usage-alert__status usage-alert__status--reached' : 'usage-alert__status'}>
        {alertStatusText(item.alert, item.remaining_mb).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <form className="usage-alert__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset
          className="usage-alert__choices"
          aria-describedby={errors.kind ? `${id}-kind-error` : undefined}
        >
          <legend className="ui-field__label">E-mail me</legend>
          {CHOICES.map((choice) => (
            <label key={choice.kind} className="usage-alert__choice">
              <input type="radio" value={choice.kind} {...kindField} />
              <span>{choice.label}</span>
            </label>
          ))}
          {errors.kind && (
            <p className="ui-field__error" id={`${id}-kind-error`}>
              <span aria-hidden="true">⚠ </span>
              {errors.kind.message}
            </p>
          )}
        </fieldset>
        {kind !== 'off' && (
          <Input
            key={kind}
            className="usage-alert__value"
            label={kind === 'percent' ? 'Per cent of the allowance left' : 'Data left, in GB'}
            hint={
              kind === 'percent'
                ? 'A whole number from 1 to 99.'
                : `Up to the plan’s ${formatMegabytes(allowance)}; decimals are fine (0.5 GB = 512 MB).`
            }
            inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
            autoComplete="off"
            required
            error={errors.value?.message}
            {...register('value')}
          />
        )}
        <div className="usage-alert__actions">
          <Button type="submit" size="sm" loading={save.isPending}>
            Save alert
          </Button>
        </div>
        <div
          className={message ? `form-alert form-alert--${message.tone}` : 'form-alert form-alert--empty'}
          role={message?.tone === 'error' ? 'alert' : 'status'}
        >
          {message?.text}
          {message?.signIn && (
            <>
              {' '}
              <Link to={loginUrl('/monitoring')}>Sign in again</Link> and save it once more.
            </>
          )}
        </div>
      </form>
    </section>
  );
}
