import { LineAmount } from '@/components/order-amounts';
import type { CheckoutOptions } from '@/lib/resources/checkout/types';
import './checkout-form.css';

export interface LineView {
  key: string;
  name: string;
  sku: string;
  qty: number;
  unit: number;
  /** `unit × qty`, before discount. */
  subtotal: number;
  discount: number;
  couponCode?: string | null;
  currency: string;
  options: string[];
  serials: string[];
  note?: string;
}

/** The checkout's lines as OrderLines shows them. */
export function checkoutLineViews(o: CheckoutOptions, withProblems = false): LineView[] {
  return o.lines.map((l) => ({
    key: l.id,
    name: l.name,
    sku: l.sku,
    qty: l.qty,
    unit: l.unit_price.cents,
    subtotal: l.subtotal.cents,
    discount: l.discount.cents,
    couponCode: o.coupon_code,
    currency: o.currency,
    options: l.options.map((op) => `${op.label}: ${op.value_label}`),
    serials: l.serials,
    note: withProblems ? (l.problem ?? undefined) : undefined,
  }));
}

/** The ProductList section: what is being bought, each line at its price before discount, then its discount. */
export function OrderLines({ lines, label = 'Items in your order' }: { lines: LineView[]; label?: string }) {
  return (
    <ul className="order-lines" aria-label={label}>
      {lines.map((l) => (
        <li key={l.key} className="order-lines__line" data-testid="order-line">
          <div className="order-lines__what">
            <strong>{l.name}</strong> <span className="muted">({l.sku})</span>
            {l.options.map((o) => (
              <div key={o} className="muted">
                {o}
              </div>
            ))}
            {l.serials.length > 0 && <div className="muted">Serials: {l.serials.join(', ')}</div>}
            {l.note && <div className="order-lines__note">{l.note}</div>}
          </div>
          <div className="order-lines__amounts">
            <LineAmount
              qty={l.qty}
              unitCents={l.unit}
              subtotalCents={l.subtotal}
              discountCents={l.discount}
              couponCode={l.couponCode}
              currency={l.currency}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
