/** Query keys of checkout (invalidate by prefix: `checkoutKeys.all`). */
export const checkoutKeys = {
  all: ['checkout'] as const,
  options: (country: string | undefined) => [...checkoutKeys.all, 'options', country ?? ''] as const,
  addresses: () => [...checkoutKeys.all, 'addresses'] as const,
  me: () => [...checkoutKeys.all, 'me'] as const,
  order: (number: string) => [...checkoutKeys.all, 'order', number] as const,
};
