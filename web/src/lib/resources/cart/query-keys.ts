/**
 * Query keys of the cart (one cart per store; the store switcher refetches everything).
 * Every cart mutation, in any feature, invalidates `cartKeys.all`.
 */
export const cartKeys = {
  all: ['cart'] as const,
  detail: (taxState?: string) => [...cartKeys.all, 'detail', taxState ?? ''] as const,
};
