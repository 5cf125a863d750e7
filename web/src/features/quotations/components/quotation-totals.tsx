import '@/components/order-amounts.css';
import { minus } from '@/components/order-amounts';
import { formatMoney } from '@/lib/money';
import type { QuotationTotals } from '@/lib/resources/quotations/types';

/**
 * Catalogue subtotal, what the quoted prices take off, the quoted subtotal, quoted shipping
 * (when sales set it) and the total before tax; tax is added when the quotation is paid.
 */
export function QuotationTotalsList({ totals, hasPhysical }: { totals: QuotationTotals; hasPhysical: boolean }) {
  const currency = totals.total_before_tax.currency;
  const m = (cents: number) => formatMoney(cents, currency);
  return (
    <dl className="order-totals q-totals" data-testid="quotation-totals">
      <div className="order-totals__row">
        <dt>Catalogue subtotal</dt>
        <dd data-testid="q-subtotal">{m(totals.subtotal.cents)}</dd>
      </div>
      {totals.discount.cents !== 0 && (
        <div className="order-totals__row order-totals__row--discount">
          <dt>Quotation discount</dt>
          <dd data-testid="q-discount">{minus(totals.discount.cents, currency)}</dd>
        </div>
      )}
      <div className="order-totals__row">
        <dt>Quoted subtotal</dt>
        <dd data-testid="q-quoted-subtotal">{m(totals.quoted_subtotal.cents)}</dd>
      </div>
      {hasPhysical && (
        <div className="order-totals__row">
          <dt>Shipping</dt>
          <dd data-testid="q-shipping" className={totals.shipping ? undefined : 'order-totals__note'}>
            {totals.shipping ? `${m(totals.shipping.cents)} (Priority Shipping)` : 'At the store’s rates when you pay'}
          </dd>
        </div>
      )}
      <div className="order-totals__row order-totals__row--total">
        <dt>Total before tax</dt>
        <dd data-testid="q-total">{m(totals.total_before_tax.cents)}</dd>
      </div>
      <div className="order-totals__row">
        <dt className="muted">Tax</dt>
        <dd className="order-totals__note">Added at payment, for the billing or shipping address</dd>
      </div>
    </dl>
  );
}
