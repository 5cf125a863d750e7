import { Skeleton } from '@/components/ui/skeleton';
import { LoadProblem, MobilePage } from '@/features/mobile/components/page';
import { ConvertToCoupon, RewardsList } from '@/features/referrals';
import { useRewards } from '@/lib/resources/referrals';
import { RewardsNav } from './rewards-nav';

/** `/mobile/referral-reward-coupons`: available rewards into one coupon, and the coupons made so far. */
export default function RewardCouponsRoute() {
  const rewards = useRewards();
  const coupons = rewards.data?.coupons ?? [];
  return (
    <MobilePage title="Reward coupons" back={{ to: '/mobile', label: 'Your devices' }}>
      <RewardsNav />
      {rewards.isPending ? (
        <Skeleton height="8rem" />
      ) : rewards.isError ? (
        <LoadProblem what="Your rewards" onRetry={() => void rewards.refetch()} />
      ) : (
        <>
          <section aria-labelledby="m-convert" className="m-section">
            <h2 id="m-convert">Turn rewards into a coupon</h2>
            <ConvertToCoupon available={rewards.data.totals.available_coupon} />
          </section>
          <section aria-labelledby="m-coupons" className="m-section">
            <h2 id="m-coupons">Your coupons</h2>
            {coupons.length === 0 ? (
              <p>No coupons made from rewards yet.</p>
            ) : (
              <RewardsList rewards={rewards.data.rewards.filter((r) => r.kind !== 'sfc')} coupons={coupons} compact />
            )}
          </section>
        </>
      )}
    </MobilePage>
  );
}
