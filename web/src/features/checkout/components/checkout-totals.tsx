import { type AmountRow, OrderTotals } from '@/components/order-amounts';
import type { CheckoutOptions } from '../api/types';
import type { CheckoutDraft } from '@/lib/checkout/draft';

function percent(bp: number): string {
  const value = bp / 100;
  return `${Number.isInteger(value) ? value : value.toFixed(2)}%`;
}

/** Sales tax as the store charges it, for the destination the options were priced for. */
export function checkoutTaxRow(o: CheckoutOptions): AmountRow {
  if (!o.tax.charged) return { label: 'Tax', note: 'No sales tax in this store' };
  if (!o.tax.state) return { label: 'Sales tax', cents: o.totals.tax.cents };
  return { label: `Sales tax (${o.tax.state}, ${percent(o.tax.rate_bp)})`, cents: o.totals.tax.cents };
}

/** The shipping fee of the draft's option (`null` while none is chosen or quoted); 0 when nothing is shipped. */
export function shippingFee(o: CheckoutOptions, method: CheckoutDraft['shippingMethod']): number | null {
  if (!o.shipping_required) return 0;
  const option = o.shipping_options.find((s) => s.method === method);
  return option?.fee?.cents ?? null;
}

/** The totals of a checkout in progress: the cart's, with the chosen shipping option's fee. */
export function CheckoutTotals({
  o,
  method,
  compact = false,
  subtotalLabel,
}: {
  o: CheckoutOptions;
  method: CheckoutDraft['shippingMethod'];
  compact?: boolean;
  subtotalLabel?: string;
}) {
  const fee = shippingFee(o, method);
  const option = o.shipping_options.find((s) => s.method === method);
  const shipping: AmountRow = !o.shipping_required
    ? { label: 'Shipping', note: 'None (digital delivery)' }
    : fee == null
      ? { label: 'Shipping', note: option ? 'Quoted for your address' : 'Choose a shipping option' }
      : { label: option ? `Shipping (${option.name})` : 'Shipping', cents: fee };
  return (
    <OrderTotals
      currency={o.currency}
      subtotal={o.totals.subtotal.cents}
      subtotalLabel={subtotalLabel}
      discount={o.totals.discount.cents}
      couponCode={o.coupon_code}
      shipping={shipping}
      tax={checkoutTaxRow(o)}
      total={o.totals.total.cents + (fee ?? 0)}
      totalLabel={fee == null ? 'Total before shipping' : 'Total'}
      compact={compact}
    />
  );
}
