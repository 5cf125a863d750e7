import { Skeleton } from '@/components/ui/skeleton';
import { LoadProblem, MobilePage } from '@/features/mobile/components/page';
import { ReferralCodePanel, RewardsList, RewardsSummary } from '@/features/referrals';
import { useMyReferral, useRewards } from '@/lib/resources/referrals';
import { RewardsNav } from './rewards-nav';
import { ShareButton } from './share-button';

/** `/mobile/referral-rewards`: the referral code with its share link, and the rewards by status (SPEC §10). */
export default function ReferralRewardsRoute() {
  const referral = useMyReferral();
  const rewards = useRewards();
  return (
    <MobilePage title="Invite friends" back={{ to: '/mobile', label: 'Your devices' }}>
      <RewardsNav />
      <section aria-labelledby="m-code" className="m-section">
        <h2 id="m-code">Your referral code</h2>
        {referral.isPending ? (
          <Skeleton height="6rem" />
        ) : referral.isError ? (
          <LoadProblem what="Your referral code" onRetry={() => void referral.refetch()} />
        ) : (
          <>
            <ReferralCodePanel referral={referral.data} compact />
            {referral.data.code && <ShareButton url={referral.data.code.share_url} code={referral.data.code.code} />}
          </>
        )}
      </section>
      <section aria-labelledby="m-rewards" className="m-section">
        <h2 id="m-rewards">Your rewards</h2>
        {rewards.isPending ? (
          <Skeleton height="6rem" />
        ) : rewards.isError ? (
          <LoadProblem what="Your rewards" onRetry={() => void rewards.refetch()} />
        ) : (
          <>
            <RewardsSummary totals={rewards.data.totals} compact />
            <RewardsList rewards={rewards.data.rewards} compact />
          </>
        )}
      </section>
    </MobilePage>
  );
}
