import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QuotationStatusBadge } from '@/components/quotation-status-badge';
import { formatMoney } from '@/lib/money';
import type { QuotationSummary } from '@/lib/resources/quotations/types';
import { formatDate, formatDay } from '@/lib/time-format';
import { itemsText } from '../lib/format';

/** The buyer's quotations: number, when, what, status, catalogue against quoted subtotal, valid until. */
export function QuotationTable({ rows, caption }: { rows: QuotationSummary[]; caption: ReactNode }) {
  return (
    <table className="data-table q-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Quotation</th>
          <th scope="col">Requested</th>
          <th scope="col">Items</th>
          <th scope="col">Status</th>
          <th scope="col" className="data-table__num">
            Catalogue
          </th>
          <th scope="col" className="data-table__num">
            Quoted
          </th>
          <th scope="col">Valid until</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const quoted = r.quoted_subtotal.cents !== r.subtotal.cents;
          return (
            <tr key={r.number} data-testid="quotation-row">
              <th scope="row" className="data-table__key">
                <Link to={`/account/quotation/${encodeURIComponent(r.number)}`}>{r.number}</Link>
              </th>
              <td data-label="Requested">{formatDate(r.created_at)}</td>
              <td data-label="Items">{itemsText(r.first_line, r.line_count)}</td>
              <td data-label="Status">
                <QuotationStatusBadge status={r.status} label={r.status_label} />
              </td>
              <td data-label="Catalogue" className="data-table__num">
                {formatMoney(r.subtotal.cents, r.subtotal.currency)}
              </td>
              <td data-label="Quoted" className="data-table__num">
                {quoted ? formatMoney(r.quoted_subtotal.cents, r.quoted_subtotal.currency) : <span className="muted">—</span>}
              </td>
              <td data-label="Valid until">{r.valid_until ? formatDay(r.valid_until) : <span className="muted">—</span>}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
