/**
 * Query keys of what only checkout reads (invalidate by prefix: `checkoutKeys.all`). The account,
 * address book, cart and orders it also reads have their keys in `src/lib/resources/`.
 */
export const checkoutKeys = {
  all: ['checkout'] as const,
  options: (country: string | undefined) => [...checkoutKeys.all, 'options', country ?? ''] as const,
};
