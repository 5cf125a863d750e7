import { ReferralV2 } from './referral-shell';

/** MINISTORE_V2_REFERRAL screen group (`/m/v2/referral…?store=KEY`, SPEC §10–§11): its own lazily loaded bundle. */
export default function ReferralV2Group() {
  return <ReferralV2 />;
}
