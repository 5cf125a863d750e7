import { formatMoney } from '@/lib/money';
import type { LedgerTotals } from '../api/types';

/** The ledger summed by status, with the balance (the sum of every entry not cancelled). */
export function RebateTotals({ totals, windowDays }: { totals: LedgerTotals; windowDays?: number }) {
  const m = (x: { cents: number; currency: string }) => formatMoney(x.cents, x.currency);
  return (
    <div className="rebate-totals" data-testid="rebate-totals">
      <dl className="rebate-totals__grid">
        <div className="rebate-totals__item rebate-totals__item--pending">
          <dt>Pending</dt>
          <dd data-testid="rebates-pending">{m(totals.pending)}</dd>
        </div>
        <div className="rebate-totals__item rebate-totals__item--available">
          <dt>Available</dt>
          <dd data-testid="rebates-available">{m(totals.available)}</dd>
        </div>
        <div className="rebate-totals__item">
          <dt>Paid</dt>
          <dd>{m(totals.paid)}</dd>
        </div>
        <div className="rebate-totals__item">
          <dt>Cancelled</dt>
          <dd>{m(totals.cancelled)}</dd>
        </div>
        <div className="rebate-totals__item rebate-totals__item--balance">
          <dt>Balance</dt>
          <dd data-testid="rebates-balance">{m(totals.balance)}</dd>
        </div>
      </dl>
      <p className="muted rebate-totals__note">
        {totals.entries} {totals.entries === 1 ? 'entry' : 'entries'} in your ledger.
        {windowDays != null &&
          ` A rebate is pending for ${windowDays} days after the order is paid (the return window), then available to pay out.`}
      </p>
    </div>
  );
}
