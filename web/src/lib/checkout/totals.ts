/**
 * What a checkout in progress comes to, from `GET /checkout/options`: the lines' total (tax
 * included) plus the chosen shipping option's fee. It is the total the buyer is shown, and so
 * the `expected_total_cents` an order (or a quotation's payment) is placed with; the server
 * answers `price_changed` with its own `total_cents` when they differ.
 */
import type { ApiProblem } from '@/lib/api/api-problem';
import type { CheckoutOptions } from '@/lib/resources/checkout/types';
import type { CheckoutDraft } from './draft';

/** The shipping fee of the draft's option (`null` while none is chosen or quoted); 0 when nothing is shipped. */
export function shippingFee(o: CheckoutOptions, method: CheckoutDraft['shippingMethod']): number | null {
  if (!o.shipping_required) return 0;
  const option = o.shipping_options.find((s) => s.method === method);
  return option?.fee?.cents ?? null;
}

/** The grand total with the chosen shipping (`null` while the fee is not known). */
export function orderTotal(o: CheckoutOptions, method: CheckoutDraft['shippingMethod']): number | null {
  const fee = shippingFee(o, method);
  return fee == null ? null : o.totals.total.cents + fee;
}

/** The server's current total of a `price_changed` answer (`null` for any other problem). */
export function priceChangedTotal(problem: ApiProblem | null | undefined): number | null {
  if (problem?.code !== 'price_changed') return null;
  const total = problem.extensions.total_cents;
  return typeof total === 'number' && Number.isFinite(total) ? total : null;
}
