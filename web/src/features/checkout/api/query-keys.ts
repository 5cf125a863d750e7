import type { Destination } from '../lib/destination';

/**
 * Query keys of what only checkout reads (invalidate by prefix: `checkoutKeys.all`). The account,
 * address book, cart and orders it also reads have their keys in `src/lib/resources/`.
 */
export const checkoutKeys = {
  all: ['checkout'] as const,
  options: (d: Destination) =>
    [...checkoutKeys.all, 'options', d.country ?? '', d.taxState ?? '', d.pickupLocation ?? ''] as const,
};
