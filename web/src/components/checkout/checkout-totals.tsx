import { type AmountRow, OrderTotals } from '@/components/order-amounts';
import type { CheckoutDraft } from '@/lib/checkout/draft';
import { orderTotal, shippingFee } from '@/lib/checkout/totals';
import type { CheckoutOptions } from '@/lib/resources/checkout/types';

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

/**
 * The totals of a checkout in progress (the cart's, or a quotation's being paid): the options'
 * lines with the chosen shipping option's fee, sales tax and the total.
 */
export function CheckoutTotals({
  o,
  method,
  compact = false,
  subtotalLabel,
  discountText,
  referral,
}: {
  o: CheckoutOptions;
  method: CheckoutDraft['shippingMethod'];
  compact?: boolean;
  subtotalLabel?: string;
  /** The discount row's label instead of the coupon's ("Quotation discount"). */
  discountText?: string;
  /** A friend's referral code and its share of the discount (the cart's `app_referral`). */
  referral?: { code: string; cents: number } | null;
}) {
  const fee = shippingFee(o, method);
  const option = o.shipping_options.find((s) => s.method === method);
  const shipping: AmountRow = !o.shipping_required
    ? { label: 'Shipping', note: 'None (digital delivery)' }
    : fee == null
      ? { label: 'Shipping', note: option ? 'Quoted for your address' : 'Choose a shipping option' }
      : { label: option ? `Shipping (${option.name})` : 'Shipping', cents: fee };
  const total = orderTotal(o, method);
  return (
    <OrderTotals
      currency={o.currency}
      subtotal={o.totals.subtotal.cents}
      subtotalLabel={subtotalLabel}
      discount={o.totals.discount.cents}
      couponCode={o.coupon_code}
      discountText={discountText}
      referral={referral}
      shipping={shipping}
      tax={checkoutTaxRow(o)}
      total={total ?? o.totals.total.cents}
      totalLabel={total == null ? 'Total before shipping' : 'Total'}
      compact={compact}
    />
  );
}
