import { api, unwrap } from '@/lib/api/client';
import type { Cart } from '@/lib/resources/cart/types';
import { useCartMutation, withLines } from './use-cart-mutation';

export interface UpdateLineVariables {
  id: string;
  qty?: number;
  serials?: string[];
}

export function updateLine({ id, ...body }: UpdateLineVariables): Promise<Cart> {
  return unwrap(api.PATCH('/api/v1/cart/lines/{id}', { params: { path: { id } }, body }));
}

/** Changes a line's quantity (optimistically) or its serial numbers. */
export function useUpdateLine() {
  return useCartMutation(updateLine, (cart, { id, qty }) =>
    qty === undefined ? cart : withLines(cart, cart.lines.map((line) => (line.id === id ? { ...line, qty } : line))),
  );
}
