import { AccountPage } from '@/features/accounts/routes/account-page';
import { RecentOrders } from '@/features/orders/components/recent-orders';
import { ReferAFriendCard } from '@/features/referrals/components/refer-a-friend';

/** `/account` with the orders' and the referral programme's cards (composed here, not in any one feature). */
export default function AccountRoute() {
  return <AccountPage first={<RecentOrders />} extra={<ReferAFriendCard />} />;
}
