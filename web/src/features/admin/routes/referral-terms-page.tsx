import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { StaffNotice } from '@/components/staff-notice';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useReferralTerms, useSaveReferralTerms } from '../api/referral-terms';
import type { ProductType, ReferralTerms } from '../api/types';

const TYPES: ProductType[] = ['license', 'cloud', 'cloud-connect', 'cloud-unlimited', 'esim', 'esim-data', 'esim-data-pool', 'hardware'];

interface Values {
  getReferralCode: boolean;
  referralCode: boolean;
  discount: string;
  firstOrderOnly: boolean;
  eligible: ProductType[];
  reward: Record<string, string>;
  returnWindowDays: string;
  rewardValidityMonths: string;
  reminderDays: string;
  maxRewardsPerYear: string;
}

const pct = (bp: number | undefined) => (bp === undefined ? '' : String(bp / 100));
const bpOf = (text: string) => Math.round(Number(text.trim() || '0') * 100);
const intOf = (text: string) => Number(text.trim() || '0');

function valuesOf(t: ReferralTerms): Values {
  return {
    getReferralCode: t.get_referral_code ?? true,
    referralCode: t.referral_code ?? true,
    discount: pct(t.referee_discount_bp),
    firstOrderOnly: t.first_order_only ?? true,
    eligible: t.eligible_types ?? [],
    reward: Object.fromEntries(TYPES.map((type) => [type, pct(t.reward_bp?.[type])])),
    returnWindowDays: String(t.return_window_days ?? ''),
    rewardValidityMonths: String(t.reward_validity_months ?? ''),
    reminderDays: String(t.reminder_days ?? ''),
    maxRewardsPerYear: String(t.max_rewards_per_year ?? ''),
  };
}

function termsOf(v: Values): ReferralTerms {
  return {
    get_referral_code: v.getReferralCode,
    referral_code: v.referralCode,
    referee_discount_bp: bpOf(v.discount),
    first_order_only: v.firstOrderOnly,
    eligible_types: v.eligible,
    reward_bp: Object.fromEntries(v.eligible.map((type) => [type, bpOf(v.reward[type] ?? '0')])),
    return_window_days: intOf(v.returnWindowDays),
    reward_validity_months: intOf(v.rewardValidityMonths),
    reminder_days: intOf(v.reminderDays),
    max_rewards_per_year: intOf(v.maxRewardsPerYear),
  };
}

const FIELD_OF: Record<string, string> = {
  referee_discount_bp: 'discount',
  eligible_types: 'eligible',
  return_window_days: 'returnWindowDays',
  reward_validity_months: 'rewardValidityMonths',
  reminder_days: 'reminderDays',
  max_rewards_per_year: 'maxRewardsPerYear',
};

function TermsForm({ terms }: { terms: ReferralTerms }) {
  const save = useSaveReferralTerms();
  const toast = useToast();
  const form = useForm<Values>({ defaultValues: valuesOf(terms) });
  const { register, handleSubmit, control, setValue, getValues, reset, formState } = form;
  const eligible = useWatch({ control, name: 'eligible' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSave = handleSubmit((values) => {
    setFailure(null);
    setFieldErrors({});
    save.mutate(termsOf(values), {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        toast.show({ message: 'Referral terms saved. New orders use them at once.', tone: 'success' });
      },
      onError: (error) => {
        const problem = isApiProblem(error) ? error : null;
        const mapped: Record<string, string> = {};
        for (const e of problem?.errors ?? []) {
          const m = /^reward_bp\.(.+)$/.exec(e.field);
          mapped[m ? `reward.${m[1]}` : (FIELD_OF[e.field.replace(/\[\d+\]$/, '')] ?? e.field)] = e.message;
        }
        setFieldErrors(mapped);
        setFailure(problem?.errors.length ? 'Nothing was saved. Fix what is marked.' : `Nothing was saved. ${problem ? (problem.detail ?? messageForProblem(problem)) : 'Check your connection and try again.'}`);
      },
    });
  });

  return (
    <form noValidate className="product-form" onSubmit={(e) => void onSave(e)} aria-label="Referral programme terms">
      {failure && (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      )}
      <Card as="section" aria-labelledby="switches-h" className="admin-section">
        <h2 id="switches-h">Programme</h2>
        <label className="admin-check">
          <input type="checkbox" {...register('getReferralCode')} /> Customers may get their referral code (GET_REFERRAL_CODE)
        </label>
        <label className="admin-check">
          <input type="checkbox" {...register('referralCode')} /> Referees may enter a code or open a share link (REFERRAL_CODE)
        </label>
        <div className="admin-grid">
          <Input label="Referee’s discount (%)" inputMode="decimal" error={fieldErrors.discount} {...register('discount')} />
        </div>
        <label className="admin-check">
          <input type="checkbox" {...register('firstOrderOnly')} /> The discount applies to a first order only
        </label>
      </Card>
      <Card as="section" aria-labelledby="rewards-h" className="admin-section">
        <h2 id="rewards-h">Eligible products and rewards</h2>
        <p className="muted">The referrer’s reward is a share of what the referee paid for those lines (after discounts, before tax).</p>
        {fieldErrors.eligible && <p className="ui-field__error">{fieldErrors.eligible}</p>}
        <ul className="admin-rows">
          {TYPES.map((type) => {
            const on = eligible.includes(type);
            return (
              <li key={type} className="admin-row">
                <label className="admin-check">
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={() => {
                      const current = getValues('eligible');
                      setValue('eligible', on ? current.filter((t) => t !== type) : [...current, type], { shouldDirty: true });
                    }}
                  />{' '}
                  {type}
                </label>
                {on && <Input label={`Reward for ${type} (%)`} inputMode="decimal" error={fieldErrors[`reward.${type}`]} {...register(`reward.${type}`)} />}
              </li>
            );
          })}
        </ul>
      </Card>
      <Card as="section" aria-labelledby="timing-h" className="admin-section">
        <h2 id="timing-h">Timing and limits</h2>
        <div className="admin-grid">
          <Input label="Return window (days)" hint="A reward stays pending this long after payment." inputMode="numeric" error={fieldErrors.returnWindowDays} {...register('returnWindowDays')} />
          <Input label="Reward validity (months)" inputMode="numeric" error={fieldErrors.rewardValidityMonths} {...register('rewardValidityMonths')} />
          <Input label="Reminder before expiry (days)" inputMode="numeric" error={fieldErrors.reminderDays} {...register('reminderDays')} />
          <Input label="Rewards per referrer in 12 months" inputMode="numeric" error={fieldErrors.maxRewardsPerYear} {...register('maxRewardsPerYear')} />
        </div>
      </Card>
      <div className="admin-actions">
        <Button type="submit" size="lg" loading={save.isPending}>
          Save the terms
        </Button>
        {formState.isDirty && <span className="muted">You have changes that are not saved yet.</span>}
      </div>
    </form>
  );
}

/** `/admin/referral-terms`: the referral programme's terms (referral mini-stores may set their own over them). */
export default function ReferralTermsPage() {
  const terms = useReferralTerms();
  return (
    <div className="admin-page">
      <title>Referral terms — Back office — Uplink</title>
      <h1 tabIndex={-1}>Referral programme terms</h1>
      {terms.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading the terms…</span>
          <Skeleton height="16rem" />
        </div>
      ) : terms.isError ? (
        <StaffNotice role="admin" error={terms.error} what="the referral terms" onRetry={() => void terms.refetch()} />
      ) : (
        <TermsForm terms={terms.data} />
      )}
    </div>
  );
}
