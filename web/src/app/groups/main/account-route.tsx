import { AccountPage } from '@/features/accounts/routes/account-page';
import { ReferAFriendCard } from '@/features/referrals/components/refer-a-friend';

/** `/account` with the referral programme's card (composed here, not in either feature). */
export default function AccountRoute() {
  return <AccountPage extra={<ReferAFriendCard />} />;
}
