/** Query keys of the order pages. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (query: Record<string, string>) => [...orderKeys.all, 'list', query] as const,
  detail: (number: string) => [...orderKeys.all, 'detail', number] as const,
};
