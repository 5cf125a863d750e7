import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { cartKeys } from './query-keys';
import type { AddLineBody, Cart } from './types';

/** `POST /cart/lines`, used by every feature that puts things into the cart. */
export function addCartLine(body: AddLineBody): Promise<Cart> {
  return unwrap(api.POST('/api/v1/cart/lines', { body }));
}

/** Units a request adds (serial-bound products: one per serial). */
export function unitsOf(body: AddLineBody): number {
  return body.serials && body.serials.length > 0 ? body.serials.length : (body.qty ?? 1);
}

interface OptimisticContext {
  previous: Cart | undefined;
}

/**
 * Adds a line. The header count moves at once (optimistic), and moves back
 * if the server refuses; the server's cart then replaces the guess.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const key = cartKeys.detail();
  return useMutation<Cart, Error, AddLineBody, OptimisticContext>({
    mutationFn: addCartLine,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: cartKeys.all });
      const previous = queryClient.getQueryData<Cart>(key);
      if (previous) {
        queryClient.setQueryData<Cart>(key, { ...previous, item_count: previous.item_count + unitsOf(body) });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (cart) => {
      queryClient.setQueryData(key, cart);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all, refetchType: 'inactive' }),
  });
}
