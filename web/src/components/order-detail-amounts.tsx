import type { ReactNode } from 'react';
import type { OrderDetail } from '@/lib/resources/orders/types';
import { LineAmount, OrderTotals } from './order-amounts';

type OrderLine = OrderDetail['lines'][number];

/**
 * An order paid from a quotation shows the catalogue price, the difference as "Quoted price" and
 * the quoted price (as the invoice and e-mails do, crates/api/src/orders/statement.rs).
 */
const quotedLineText = (order: OrderDetail) => (!order.coupon_code && order.quotation_number ? 'Quoted price' : undefined);
const quotedTotalsText = (order: OrderDetail) =>
  !order.coupon_code && order.quotation_number ? `Quotation ${order.quotation_number}` : undefined;

/** A placed order's lines, each at its price before discount and then its discount (the thank-you and order pages). */
export function OrderDetailLines({ order, extra }: { order: OrderDetail; extra?: (line: OrderLine) => ReactNode }) {
  const currency = order.totals.total.currency;
  return (
    <ul className="order-lines" aria-label="Items in this order">
      {order.lines.map((l) => (
        <li key={l.id} className="order-lines__line" data-testid="order-line">
          <div className="order-lines__what">
            <strong>{l.name}</strong> <span className="muted">({l.sku})</span>
            {extra?.(l)}
            {l.options.map((op) => (
              <div key={op.code} className="muted">
                {op.label}: {op.value_label}
              </div>
            ))}
            {l.serials.length > 0 && <div className="muted">Serials: {l.serials.join(', ')}</div>}
          </div>
          <div className="order-lines__amounts">
            <LineAmount
              qty={l.qty}
              unitCents={l.unit_price.cents}
              subtotalCents={l.subtotal.cents}
              discountCents={l.discount.cents}
              couponCode={order.coupon_code}
              discountText={quotedLineText(order) ?? (order.app_referral && l.discount.cents > 0 ? 'Discount' : undefined)}
              currency={currency}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A placed order's Subtotal, Discount, Shipping, Tax and Total. */
export function OrderDetailTotals({ order }: { order: OrderDetail }) {
  const t = order.totals;
  return (
    <OrderTotals
      currency={t.total.currency}
      subtotal={t.subtotal.cents}
      discount={t.discount.cents}
      couponCode={order.coupon_code}
      discountText={quotedTotalsText(order)}
      referral={order.app_referral ? { code: order.app_referral.code, cents: order.app_referral.discount.cents } : null}
      shipping={
        order.digital_only
          ? { label: 'Shipping', note: 'None (digital delivery)' }
          : { label: `Shipping (${order.shipping.name})`, cents: t.shipping.cents }
      }
      tax={{ label: 'Tax', cents: t.tax.cents }}
      total={t.total.cents}
    />
  );
}
