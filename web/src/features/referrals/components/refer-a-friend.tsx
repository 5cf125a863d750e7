import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { useMyReferral, useRedeemableSubscriptions, useRewards } from '@/lib/resources/referrals';
import { ConvertToCoupon } from './convert-to-coupon';
import { ReferralCodePanel } from './referral-code-panel';
import { RewardsList } from './rewards-list';
import { RewardsSummary } from './rewards-summary';
import { SfcRedemptionPanel } from './sfc-redemption';
import '../referrals.css';

/** `/account`'s "Refer a friend" card: the code and share link, the rewards, and ways to spend them. */
export function ReferAFriendCard() {
  const mine = useMyReferral();
  const rewards = useRewards();
  const sfcAvailable = (rewards.data?.totals.available_sfc.cents ?? 0) > 0;
  const subscriptions = useRedeemableSubscriptions(sfcAvailable);
  const failed = mine.isError || rewards.isError;
  return (
    <Card as="section" className="acct-card refer-card" aria-labelledby="refer-heading" data-testid="refer-a-friend">
      <h2 id="refer-heading" className="acct-card__title">
        Refer a friend
      </h2>
      {mine.isPending || rewards.isPending ? (
        <Skeleton height="8rem" />
      ) : failed ? (
        <div role="alert">
          <p>Your referral code and rewards didn’t load.</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              void mine.refetch();
              void rewards.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      ) : (
        <div className="refer-card__body">
          <ReferralCodePanel referral={mine.data} />
          <div>
            <h3 className="refer-card__subtitle">Your rewards</h3>
            <RewardsSummary totals={rewards.data.totals} />
          </div>
          <div>
            <h3 className="refer-card__subtitle">Use them</h3>
            <ConvertToCoupon available={rewards.data.totals.available_coupon} />
            {sfcAvailable && (
              <SfcRedemptionPanel available={rewards.data.totals.available_sfc} subscriptions={subscriptions.data ?? []} />
            )}
          </div>
          <div className="refer-card__wide">
            <h3 className="refer-card__subtitle">Rewards by status</h3>
            <RewardsList rewards={rewards.data.rewards} coupons={rewards.data.coupons} />
          </div>
        </div>
      )}
    </Card>
  );
}
