import { Skeleton } from '@/components/ui/skeleton';
import { LoadProblem, MobilePage } from '@/features/mobile/components/page';
import { RewardsList, SfcRedemptionPanel } from '@/features/referrals';
import { useRedeemableSubscriptions, useRewards } from '@/lib/resources/referrals';
import { RewardsNav } from './rewards-nav';

/** `/mobile/sfc-referral-rewards`: cloud-plan rewards redeemed as data or days on the user's own cloud subscription (SPEC §10, §4.3). */
export default function SfcRewardsRoute() {
  const rewards = useRewards();
  const subscriptions = useRedeemableSubscriptions();
  return (
    <MobilePage title="Cloud plan rewards" back={{ to: '/mobile', label: 'Your devices' }}>
      <RewardsNav />
      {rewards.isPending || subscriptions.isPending ? (
        <Skeleton height="8rem" />
      ) : rewards.isError || subscriptions.isError ? (
        <LoadProblem
          what="Your cloud plan rewards"
          onRetry={() => {
            void rewards.refetch();
            void subscriptions.refetch();
          }}
        />
      ) : (
        <>
          <section aria-labelledby="m-sfc" className="m-section">
            <h2 id="m-sfc">Add rewards to a cloud plan</h2>
            <SfcRedemptionPanel available={rewards.data.totals.available_sfc} subscriptions={subscriptions.data} />
          </section>
          <section aria-labelledby="m-sfc-list" className="m-section">
            <h2 id="m-sfc-list">Cloud plan rewards</h2>
            <RewardsList rewards={rewards.data.rewards.filter((r) => r.kind === 'sfc')} compact />
          </section>
        </>
      )}
    </MobilePage>
  );
}
