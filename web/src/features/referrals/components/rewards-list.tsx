import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { formatMoney } from '@/lib/money';
import { type Reward, type RewardCoupon, REWARD_STATUSES, type RewardStatus } from '@/lib/resources/referrals';
import { formatDay } from '@/lib/time-format';
import '../referrals.css';

const TONES: Record<RewardStatus, BadgeTone> = {
  pending: 'warning',
  available: 'success',
  redeemed: 'brand',
  expired: 'neutral',
  cancelled: 'danger',
};

const STATUS_LABEL: Record<RewardStatus, string> = {
  pending: 'Pending',
  available: 'Available',
  redeemed: 'Redeemed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** When the reward moved, or will, in a few words. */
export function rewardWhen(reward: Reward): string {
  switch (reward.status) {
    case 'pending':
      return reward.available_at ? `available from ${formatDay(reward.available_at)}` : 'in the return window';
    case 'available':
      return reward.expires_at ? `use by ${formatDay(reward.expires_at)}` : 'ready to use';
    case 'redeemed':
      return `${reward.redeemed_at ? `on ${formatDay(reward.redeemed_at)}` : ''}${reward.redeemed_as ? ` as ${reward.redeemed_as}` : ''}`.trim();
    case 'expired':
      return reward.expires_at ? `on ${formatDay(reward.expires_at)}` : '';
    case 'cancelled':
      return 'the friend’s order was cancelled or refunded';
    default:
      return '';
  }
}

type Filter = RewardStatus | 'all';

/**
 * The rewards, filterable by status (pending, available, redeemed, expired, cancelled), and the
 * coupons made from them. Props-driven (`GET /me/rewards`'s `rewards` and `coupons`).
 */
export function RewardsList({ rewards, coupons = [], compact = false }: { rewards: Reward[]; coupons?: RewardCoupon[]; compact?: boolean }) {
  const [filter, setFilter] = useState<Filter>('all');
  const counts = Object.fromEntries(REWARD_STATUSES.map((s) => [s, rewards.filter((r) => r.status === s).length])) as Record<RewardStatus, number>;
  const shown = filter === 'all' ? rewards : rewards.filter((r) => r.status === filter);
  return (
    <div className={['rewards-list', compact ? 'rewards-list--compact' : undefined].filter(Boolean).join(' ')}>
      {rewards.length === 0 ? (
        <p>No rewards yet. Share your code: a friend’s paid order earns one.</p>
      ) : (
        <>
          <fieldset className="rewards-list__filter">
            <legend className="visually-hidden">Show rewards</legend>
            {(['all', ...REWARD_STATUSES] as Filter[]).map((value) => {
              const count = value === 'all' ? rewards.length : counts[value];
              if (value !== 'all' && count === 0) return null;
              return (
                <label key={value} className={`rewards-list__chip${filter === value ? ' is-on' : ''}`}>
                  <input type="radio" name="reward-filter" value={value} checked={filter === value} onChange={() => setFilter(value)} />
                  {value === 'all' ? 'All' : STATUS_LABEL[value]} ({count})
                </label>
              );
            })}
          </fieldset>
          <ul className="rewards-list__items" aria-label="Your rewards" data-testid="rewards-list">
            {shown.map((reward) => {
              const status = reward.status as RewardStatus;
              return (
                <li key={reward.id} className="rewards-list__item" data-testid="reward" data-status={reward.status}>
                  <span className="rewards-list__value">{formatMoney(reward.value.cents, reward.value.currency)}</span>
                  <span className="rewards-list__what">
                    {reward.kind === 'sfc' ? 'Cloud plan reward' : 'Coupon reward'} · earned {formatDay(reward.earned_at)}
                    <span className="rewards-list__when">{rewardWhen(reward)}</span>
                  </span>
                  <Badge tone={TONES[status] ?? 'neutral'}>{STATUS_LABEL[status] ?? reward.status}</Badge>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {coupons.length > 0 && (
        <>
          <h3 className="rewards-list__subtitle">Coupons from your rewards</h3>
          <ul className="rewards-list__items" aria-label="Coupons from your rewards">
            {coupons.map((coupon) => (
              <li key={coupon.code} className="rewards-list__item" data-testid="reward-coupon">
                <span className="rewards-list__value">{formatMoney(coupon.value.cents, coupon.value.currency)}</span>
                <span className="rewards-list__what">
                  <strong className="rewards-list__code">{coupon.code}</strong>
                  <span className="rewards-list__when">
                    {coupon.used ? 'used' : coupon.expires_at ? `valid until ${formatDay(coupon.expires_at)}` : 'single use'}
                  </span>
                </span>
                <Badge tone={coupon.used ? 'neutral' : 'success'}>{coupon.used ? 'Used' : 'Ready'}</Badge>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
