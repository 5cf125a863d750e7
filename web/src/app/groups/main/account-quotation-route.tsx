import { useParams } from 'react-router';
import { AccountLayout } from '@/features/accounts/components/account-layout';
import QuotationPage from '@/features/quotations/routes/quotation-page';

/** `/account/quotation/:number`: one quotation inside the account area's frame. */
export default function AccountQuotationRoute() {
  const { number = '' } = useParams();
  return (
    <AccountLayout title={`Quotation ${number}`}>
      <QuotationPage />
    </AccountLayout>
  );
}
