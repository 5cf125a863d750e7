import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKeys } from '@/lib/resources/cart/query-keys';
import type { Cart } from '@/lib/resources/cart/types';

interface Context {
  previous: [readonly unknown[], Cart | undefined][];
}

/**
 * A cart mutation: `optimistic` (when given) edits every cached cart at once,
 * an error restores them, and the server's answer replaces them.
 */
export function useCartMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<Cart>,
  optimistic?: (cart: Cart, variables: TVariables) => Cart,
) {
  const queryClient = useQueryClient();
  return useMutation<Cart, Error, TVariables, Context>({
    mutationFn,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: cartKeys.all });
      const previous = queryClient.getQueriesData<Cart>({ queryKey: cartKeys.all });
      if (optimistic) {
        for (const [key, cart] of previous) {
          if (cart) queryClient.setQueryData(key, optimistic(cart, variables));
        }
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, cart] of context?.previous ?? []) queryClient.setQueryData(key, cart);
    },
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.detail(), cart);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

/** Recounts units after an optimistic edit of the lines. */
export function withLines(cart: Cart, lines: Cart['lines']): Cart {
  return { ...cart, lines, item_count: lines.reduce((sum, line) => sum + line.qty, 0) };
}
