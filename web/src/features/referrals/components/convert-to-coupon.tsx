import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatMoney } from '@/lib/money';
import { type RewardTotals, useConvertRewards } from '@/lib/resources/referrals';
import { formatDay } from '@/lib/time-format';
import '../referrals.css';

/** Turns every available coupon reward into one single-use coupon, then shows its code and validity. */
export function ConvertToCoupon({ available }: { available: RewardTotals['available_coupon'] }) {
  const convert = useConvertRewards();
  const coupon = convert.data;
  if (coupon) {
    return (
      <div className="reward-coupon" role="status" data-testid="new-reward-coupon">
        <p>
          Your coupon <strong className="reward-coupon__code" data-testid="new-coupon-code">{coupon.code}</strong> is worth{' '}
          {formatMoney(coupon.value.cents, coupon.value.currency)}
          {coupon.expires_at ? `, valid until ${formatDay(coupon.expires_at)}` : ''}. Enter it in the coupon box of any Uplink
          store’s cart; it works once, for your account.
        </p>
        <CopyButton value={coupon.code} label="the coupon code">
          Copy code
        </CopyButton>
      </div>
    );
  }
  if (available.cents <= 0) return <p className="muted">Rewards you can turn into a coupon appear here once available.</p>;
  const failure = convert.error;
  return (
    <div className="reward-coupon">
      <p>
        {formatMoney(available.cents, available.currency)} is available. Turn it into one coupon, valid for 12 months in any store.
      </p>
      <Button onClick={() => convert.mutate()} loading={convert.isPending}>
        Turn {formatMoney(available.cents, available.currency)} into a coupon
      </Button>
      {failure && (
        <p className="ui-field__error" role="alert">
          {isApiProblem(failure) ? (failure.detail ?? messageForProblem(failure)) : 'The coupon could not be made. Try again.'}
        </p>
      )}
    </div>
  );
}
