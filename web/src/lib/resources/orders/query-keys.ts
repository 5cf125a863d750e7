/**
 * Query keys of the customer's orders (`/orders`), read by the order pages and checkout's
 * thank-you page. Placing or cancelling an order invalidates `orderKeys.all`.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: Record<string, string>) => [...orderKeys.lists(), query] as const,
  detail: (number: string) => [...orderKeys.all, 'detail', number] as const,
};
