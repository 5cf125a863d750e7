import type { Destination } from '@/lib/checkout/destination';

/**
 * Query keys of `GET /checkout/options` (invalidate by prefix: `checkoutKeys.all`): the cart's
 * options, or an accepted quotation's (`/quotation/payment`), for a destination. Placing an
 * order or paying a quotation invalidates them all (the credit left moved).
 */
export const checkoutKeys = {
  all: ['checkout'] as const,
  /** Every destination's options of one quotation (or of the cart: `'cart'`). */
  of: (quotation: string) => [...checkoutKeys.all, 'options', quotation] as const,
  options: (d: Destination, quotation?: string) =>
    [...checkoutKeys.of(quotation ?? 'cart'), d.country ?? '', d.taxState ?? '', d.pickupLocation ?? ''] as const,
};
