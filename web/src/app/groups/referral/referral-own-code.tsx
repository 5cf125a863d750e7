import { ReferralCodePanel } from '@/features/referrals/components/referral-code-panel';
import { useCurrentUser } from '@/lib/auth/session';
import { useMyReferral } from '@/lib/resources/referrals';

/** GET_REFERRAL_CODE inside the referral store: a signed-in customer's own code and share link. */
export function ReferralOwnCode() {
  const { user } = useCurrentUser();
  const mine = useMyReferral(user != null);
  if (!user || !mine.data || (!mine.data.code && !mine.data.get_referral_code)) return null;
  return (
    <section className="ref-own-code" aria-labelledby="ref-own-code-title">
      <h2 id="ref-own-code-title">Your own referral code</h2>
      <ReferralCodePanel referral={mine.data} compact />
    </section>
  );
}
