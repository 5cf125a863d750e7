import { formatMoney } from '@/lib/money';
import type { OrderDetail } from '@/lib/resources/orders/types';
import { formatDate } from '@/lib/time-format';

/** An order's refunds: each credit note with its amount, reason, date, what it covered and its PDF. */
export function OrderRefunds({ order, pdfUrl }: { order: OrderDetail; pdfUrl?: (note: OrderDetail['refunds'][number]) => string }) {
  if (order.refunds.length === 0) return null;
  return (
    <ul className="order-refunds" data-testid="order-refunds">
      {order.refunds.map((r) => (
        <li key={r.number}>
          <div>
            <strong>{formatMoney(r.amount.cents, r.amount.currency)}</strong> refunded on {formatDate(r.created_at)} — {r.reason}
          </div>
          {r.lines.length > 0 && (
            <div className="muted">{r.lines.map((l) => `${l.qty} × ${l.sku} (${formatMoney(l.amount.cents, l.amount.currency)})`).join(', ')}</div>
          )}
          <a href={pdfUrl ? pdfUrl(r) : r.credit_note_url} target="_blank" rel="noreferrer">
            Credit note {r.number} (PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}
