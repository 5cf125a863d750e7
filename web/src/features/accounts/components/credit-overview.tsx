import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CreditHistory, CreditInvoices } from '@/components/credit-statement';
import { formatMoney } from '@/lib/money';
import { useMyCredit } from '@/lib/resources/credit/get-my-credit';

/** Entries shown before "Show the whole history". */
const FIRST_ENTRIES = 8;

const orderLink = (number: string) => <Link to={`/order/${number}`}>{number}</Link>;

/**
 * `/account`'s credit section for business customers: available credit against the limit, what is
 * owed, invoices still to pay with their due dates, and the history with a running balance.
 * Shown while the account has terms or a history (withdrawn terms leave invoices to pay).
 */
export function CreditOverview() {
  const credit = useMyCredit();
  const [showAll, setShowAll] = useState(false);
  if (credit.isPending) return null;
  if (credit.isError) {
    return (
      <Card as="section" className="acct-card acct-card--wide" aria-labelledby="credit-heading">
        <h2 id="credit-heading" className="acct-card__title">
          Credit terms
        </h2>
        <p role="alert">
          Your credit account didn’t load.{' '}
          <Button variant="secondary" size="sm" onClick={() => void credit.refetch()}>
            Try again
          </Button>
        </p>
      </Card>
    );
  }
  const account = credit.data;
  if (!account.terms && account.history_total === 0) return null;
  const entries = showAll ? account.history : account.history.slice(0, FIRST_ENTRIES);
  const overdue = account.open_invoices.filter((i) => i.days_overdue > 0);
  return (
    <Card as="section" className="acct-card acct-card--wide" aria-labelledby="credit-heading">
      <h2 id="credit-heading" className="acct-card__title">
        Credit terms
      </h2>
      {account.terms ? (
        <dl className="acct-credit-figures">
          <div>
            <dt>Available credit</dt>
            <dd className="acct-credit-figures__main">
              {account.available ? formatMoney(account.available.cents, account.available.currency) : '—'}
            </dd>
          </div>
          <div>
            <dt>Credit limit</dt>
            <dd>{formatMoney(account.terms.credit_limit.cents, account.terms.credit_limit.currency)}</dd>
          </div>
          <div>
            <dt>Owed</dt>
            <dd>{formatMoney(account.owed.cents, account.owed.currency)}</dd>
          </div>
          <div>
            <dt>Payment terms</dt>
            <dd>
              {account.terms.payment_terms_days} days
              {account.terms.may_exceed_limit ? ', may exceed the limit' : ''}
            </dd>
          </div>
        </dl>
      ) : (
        <p>Your credit terms were withdrawn. Invoices already issued are still due; contact sales to apply again.</p>
      )}
      {overdue.length > 0 && (
        <p className="acct-credit-overdue" role="status">
          {overdue.length === 1 ? 'One invoice is' : `${overdue.length} invoices are`} past due. Pay by bank transfer
          quoting the order number; sales records the payment here.
        </p>
      )}
      {account.open_invoices.length > 0 ? (
        <CreditInvoices invoices={account.open_invoices} orderLink={orderLink} caption="Invoices to pay" />
      ) : (
        <p>No invoices to pay.</p>
      )}
      {account.history.length > 0 && (
        <>
          <CreditHistory entries={entries} orderLink={orderLink} />
          {account.history.length > FIRST_ENTRIES && (
            <Button variant="secondary" size="sm" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
              {showAll ? 'Show the latest entries only' : `Show the whole history (${account.history_total} entries)`}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
