import { AccountLayout } from '@/features/accounts/components/account-layout';
import QuotationsPage from '@/features/quotations/routes/quotations-page';

/** `/account/quotation`: the quotations feature inside the account area's frame (composed here, not in either feature). */
export default function AccountQuotationsRoute() {
  return (
    <AccountLayout title="Quotations">
      <QuotationsPage />
    </AccountLayout>
  );
}
