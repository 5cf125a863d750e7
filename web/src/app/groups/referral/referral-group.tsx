import { ReferralV1 } from './referral-shell';

/** REFERRAL screen group (`/m/referral…`, SPEC §10–§11): its own lazily loaded bundle. */
export default function ReferralGroup() {
  return <ReferralV1 />;
}
