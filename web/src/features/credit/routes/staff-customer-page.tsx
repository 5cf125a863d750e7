import { Link, useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { CreditHistory, CreditInvoices } from '@/components/credit-statement';
import { formatMoney } from '@/lib/money';
import { useStaffCreditAccount } from '../api/staff-credit';
import { RecordPayment } from '../components/record-payment';
import { StaffNotice } from '@/components/staff-notice';
import { TermsForm } from '../components/terms-form';
import { CustomerAccount } from '../components/customer-account';
import '../credit.css';

const orderLink = (number: string) => <span>{number}</span>;

/** `/admin/customers/:id` (sales): one customer's credit terms, open invoices with payments to record, and the history. */
export default function StaffCustomerPage() {
  const { id = '' } = useParams();
  const account = useStaffCreditAccount(id);
  return (
    <div className="container page credit-page">
      <p>
        <Link to="/admin/customers">← All customers</Link>
      </p>
      {account.isPending ? (
        <Skeleton height="12rem" />
      ) : account.isError ? (
        <>
          <h1>Customer</h1>
          <StaffNotice error={account.error} onRetry={() => void account.refetch()} what="this customer’s credit account" />
        </>
      ) : (
        <>
          <h1>{account.data.customer.company ?? account.data.customer.name}</h1>
          <p className="muted">
            {account.data.customer.company ? `${account.data.customer.name} · ` : ''}
            {account.data.customer.email}
          </p>
          <dl className="credit-figures">
            <div>
              <dt>Available credit</dt>
              <dd>{account.data.available ? formatMoney(account.data.available.cents, account.data.available.currency) : 'No terms'}</dd>
            </div>
            <div>
              <dt>Owed</dt>
              <dd>{formatMoney(account.data.owed.cents, account.data.owed.currency)}</dd>
            </div>
            <div>
              <dt>Open invoices</dt>
              <dd>{account.data.open_invoices.length}</dd>
            </div>
          </dl>
          <CustomerAccount id={id} />
          <Card as="section" className="credit-section" aria-labelledby="terms-heading">
            <TermsForm account={account.data} />
          </Card>
          <Card as="section" className="credit-section" aria-labelledby="invoices-heading">
            <h2 id="invoices-heading">Invoices to pay</h2>
            {account.data.open_invoices.length === 0 ? (
              <p>No open invoices: every credit-terms order is paid.</p>
            ) : (
              <CreditInvoices
                invoices={account.data.open_invoices}
                orderLink={orderLink}
                caption="Open credit-terms invoices, the earliest due first"
                action={(invoice) => <RecordPayment customerId={id} invoice={invoice} />}
              />
            )}
          </Card>
          <Card as="section" className="credit-section" aria-labelledby="history-heading">
            <h2 id="history-heading">History</h2>
            {account.data.history.length === 0 ? (
              <p>No entries yet. Granting credit terms adds the first.</p>
            ) : (
              <CreditHistory entries={account.data.history} orderLink={orderLink} showBy />
            )}
          </Card>
        </>
      )}
    </div>
  );
}
