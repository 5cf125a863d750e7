import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatMoney } from '@/lib/money';
import {
  type RedeemableSubscription,
  type RewardTotals,
  type SfcRedemption,
  useSfcRedemption,
} from '@/lib/resources/referrals';
import { formatDay } from '@/lib/time-format';
import '../referrals.css';

/** "2.5 GB", "800 MB". */
export function formatData(mb: number): string {
  if (Math.abs(mb) >= 1024) {
    const gb = Math.round((mb / 1024) * 10) / 10;
    return `${gb} GB`;
  }
  return `${mb} MB`;
}

function what(r: SfcRedemption): string {
  if (r.added_days > 0) return `${r.added_days} ${r.added_days === 1 ? 'day' : 'days'}`;
  return formatData(r.added_mb);
}

function problemText(error: unknown): string {
  if (!isApiProblem(error)) return 'The rewards could not be redeemed. Check your connection and try again.';
  if (error.code === 'plan_not_stackable') {
    const left = error.extensions.days_left;
    return `${error.detail ?? 'This would take the plan past the 3-year limit.'}${typeof left === 'number' ? ` Only ${left} more days fit on it.` : ''} Choose another subscription.`;
  }
  return error.errors[0]?.message ?? error.detail ?? messageForProblem(error);
}

/**
 * SFC referral rewards: choose one of the customer's cloud subscriptions, preview what the
 * available cloud-plan rewards add (data, or days on an unlimited plan), then confirm.
 */
export function SfcRedemptionPanel({
  available,
  subscriptions,
}: {
  available: RewardTotals['available_sfc'];
  subscriptions: RedeemableSubscription[];
}) {
  const redeem = useSfcRedemption();
  const usable = subscriptions.filter((s) => s.active);
  const [chosen, setChosen] = useState<string>('');
  const [preview, setPreview] = useState<SfcRedemption | null>(null);
  const done = redeem.data?.applied ? redeem.data : null;

  if (done) {
    return (
      <div className="sfc-redeem" role="status" data-testid="sfc-redeemed">
        <p>
          Added {what(done)} to {done.plan} on {done.serial}
          {done.remaining_mb != null ? ` — ${formatData(done.remaining_mb)} left` : ''}, valid until {formatDay(done.expires_at)}.
        </p>
      </div>
    );
  }
  if (available.cents <= 0) return <p className="muted">Rewards earned on friends’ cloud plans can be added to your own cloud plan here once available.</p>;
  if (subscriptions.length === 0) {
    return (
      <p>
        {formatMoney(available.cents, available.currency)} in cloud-plan rewards is available. It goes on one of your cloud
        subscriptions, and you have none yet.
      </p>
    );
  }
  return (
    <div className="sfc-redeem">
      <p>
        {formatMoney(available.cents, available.currency)} in cloud-plan rewards is available: add it as data (or days on an
        unlimited plan) to one of your cloud subscriptions.
      </p>
        <form
          className="sfc-redeem__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen) return;
            redeem.mutate({ subscriptionId: chosen, confirm: false }, { onSuccess: (r) => setPreview(r) });
          }}
        >
          <Select
            label="Cloud subscription"
            value={chosen}
            onChange={(event) => {
              setChosen(event.target.value);
              setPreview(null);
              redeem.reset();
            }}
            options={[
              { value: '', label: 'Choose a subscription…' },
              ...usable.map((s) => ({
                value: s.id ?? '',
                label: `${s.name} · ${s.serial} · until ${formatDay(s.expires_at)}`,
              })),
            ]}
          />
          <Button type="submit" variant="secondary" disabled={!chosen} loading={redeem.isPending && !preview}>
            Preview
          </Button>
        </form>
      {preview && (
        <div className="sfc-redeem__preview" data-testid="sfc-preview">
          <p>
            {preview.rewards} {preview.rewards === 1 ? 'reward' : 'rewards'} worth {formatMoney(preview.value.cents, preview.value.currency)}{' '}
            add <strong>{what(preview)}</strong> to {preview.plan} on {preview.serial}
            {preview.added_days > 0 ? `, now valid until ${formatDay(preview.expires_at)}` : ''}.
          </p>
          <Button
            loading={redeem.isPending}
            onClick={() => redeem.mutate({ subscriptionId: preview.subscription_id, confirm: true })}
          >
            Add {what(preview)} to this plan
          </Button>
        </div>
      )}
      {redeem.error && (
        <p className="ui-field__error" role="alert">
          {problemText(redeem.error)}
        </p>
      )}
    </div>
  );
}
