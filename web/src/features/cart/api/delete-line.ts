import { api, unwrap } from '@/lib/api/client';
import type { Cart } from '@/lib/resources/cart/types';
import { useCartMutation, withLines } from './use-cart-mutation';

export function deleteLine(id: string): Promise<Cart> {
  return unwrap(api.DELETE('/api/v1/cart/lines/{id}', { params: { path: { id } } }));
}

/** Removes a line (it disappears at once; it comes back if the server refuses). */
export function useDeleteLine() {
  return useCartMutation(deleteLine, (cart, id) => withLines(cart, cart.lines.filter((line) => line.id !== id)));
}
