import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { formatMoney } from '@/lib/money';
import type { CreditEntry, CreditEntryKind, CreditInvoice } from '@/lib/resources/credit/types';
import { formatDate } from '@/lib/time-format';
import './credit-statement.css';

export const ENTRY_LABELS: Record<CreditEntryKind, string> = {
  Allocated: 'Allocated',
  Purchased: 'Purchased',
  Reimbursed: 'Reimbursed',
  Refunded: 'Refunded',
  Reverted: 'Reverted',
};

const ENTRY_TONES: Record<CreditEntryKind, BadgeTone> = {
  Allocated: 'brand',
  Purchased: 'neutral',
  Reimbursed: 'success',
  Refunded: 'success',
  Reverted: 'warning',
};

/** How an entry moves what is owed: "+$1.00" for purchases, "−$1.00" for settlements, the limit for allocations. */
function entryAmount(entry: CreditEntry): string {
  const money = formatMoney(entry.amount.cents, entry.amount.currency);
  if (entry.kind === 'Allocated') return `Limit ${money}`;
  return entry.kind === 'Purchased' ? `+${money}` : `−${money}`;
}

/** When an invoice is due, in words: "Due 3 Dec 2026" (the day in the reader's zone and locale) or "12 days overdue". */
export function dueText(invoice: CreditInvoice): string {
  if (invoice.days_overdue > 0) return `${invoice.days_overdue} ${invoice.days_overdue === 1 ? 'day' : 'days'} overdue`;
  return `Due ${formatDate(invoice.due_at)}`;
}

/**
 * Credit-terms invoices with something left to pay: a table on a desktop, one block per invoice
 * at 360 px. `orderLink` renders the order number (the customer's order page or the staff desk);
 * `action` adds a control per invoice (staff: record a payment).
 */
export function CreditInvoices({
  invoices,
  orderLink,
  action,
  caption,
}: {
  invoices: CreditInvoice[];
  orderLink: (number: string) => ReactNode;
  action?: (invoice: CreditInvoice) => ReactNode;
  caption: string;
}) {
  return (
    <table className="credit-table">
      <caption className="credit-table__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Placed</th>
          <th scope="col">Due</th>
          <th scope="col" className="credit-table__num">
            Invoiced
          </th>
          <th scope="col" className="credit-table__num">
            Outstanding
          </th>
          {action && <th scope="col">Action</th>}
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.order_number}>
            <th scope="row" data-label="Order">
              {orderLink(invoice.order_number)}
            </th>
            <td data-label="Placed">{formatDate(invoice.placed_at)}</td>
            <td data-label="Due">
              {invoice.days_overdue > 0 ? <Badge tone="danger">{dueText(invoice)}</Badge> : dueText(invoice)}
            </td>
            <td data-label="Invoiced" className="credit-table__num">
              {formatMoney(invoice.invoiced.cents, invoice.invoiced.currency)}
            </td>
            <td data-label="Outstanding" className="credit-table__num">
              <strong>{formatMoney(invoice.outstanding.cents, invoice.outstanding.currency)}</strong>
            </td>
            {action && <td data-label="Action">{action(invoice)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The credit history, newest first, each entry with what was owed and the credit available right
 * after it. `showBy` adds who made each entry (staff view).
 */
export function CreditHistory({
  entries,
  orderLink,
  showBy = false,
}: {
  entries: CreditEntry[];
  orderLink: (number: string) => ReactNode;
  showBy?: boolean;
}) {
  return (
    <table className="credit-table credit-table--history">
      <caption className="credit-table__caption">Credit history, newest first, with the balance after each entry</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Entry</th>
          <th scope="col">Details</th>
          <th scope="col" className="credit-table__num">
            Amount
          </th>
          <th scope="col" className="credit-table__num">
            Owed after
          </th>
          <th scope="col" className="credit-table__num">
            Available after
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td data-label="Date">{formatDate(entry.at)}</td>
            <td data-label="Entry">
              <Badge tone={ENTRY_TONES[entry.kind]}>{ENTRY_LABELS[entry.kind]}</Badge>
            </td>
            <td data-label="Details" className="credit-table__details">
              {entry.order_number && <span className="credit-table__order">{orderLink(entry.order_number)}</span>}
              <span>{entry.note}</span>
              {entry.due_at && <span className="credit-table__muted">Due {formatDate(entry.due_at)}</span>}
              {showBy && entry.by && <span className="credit-table__muted">by {entry.by}</span>}
            </td>
            <td data-label="Amount" className="credit-table__num">
              {entryAmount(entry)}
            </td>
            <td data-label="Owed after" className="credit-table__num">
              {formatMoney(entry.owed_after.cents, entry.owed_after.currency)}
            </td>
            <td data-label="Available after" className="credit-table__num">
              {formatMoney(entry.available_after.cents, entry.available_after.currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
