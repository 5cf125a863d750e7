import { formatMoney } from '@/lib/money';
import type { RewardTotals } from '@/lib/resources/referrals';
import '../referrals.css';

/** Rewards summed by status: pending, available (coupon / cloud plan), redeemed, expired. */
export function RewardsSummary({ totals, compact = false }: { totals: RewardTotals; compact?: boolean }) {
  const m = (money: RewardTotals['pending']) => formatMoney(money.cents, money.currency);
  const rows: [string, string, string][] = [
    ['Pending', m(totals.pending), 'pending'],
    ['Available as a coupon', m(totals.available_coupon), 'available-coupon'],
    ['Available for a cloud plan', m(totals.available_sfc), 'available-sfc'],
    ['Redeemed', m(totals.redeemed), 'redeemed'],
    ['Expired', m(totals.expired), 'expired'],
  ];
  return (
    <div className={['rewards-summary', compact ? 'rewards-summary--compact' : undefined].filter(Boolean).join(' ')}>
      <p className="rewards-summary__orders">
        {totals.referred_orders === 0
          ? 'No friend has ordered with your code yet.'
          : `${totals.referred_orders} ${totals.referred_orders === 1 ? 'friend’s order has' : 'friends’ orders have'} earned you a reward.`}
      </p>
      <dl className="rewards-summary__list" data-testid="rewards-summary">
        {rows.map(([label, value, id]) => (
          <div key={id} className="rewards-summary__row">
            <dt>{label}</dt>
            <dd data-testid={`rewards-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
