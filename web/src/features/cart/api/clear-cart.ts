import { api, unwrap } from '@/lib/api/client';
import type { Cart } from '@/lib/resources/cart/types';
import { useCartMutation, withLines } from './use-cart-mutation';

/** Empties the cart of `store` (default: the current store). */
export function clearCart(store?: string): Promise<Cart> {
  return unwrap(api.DELETE('/api/v1/cart', { params: { query: store ? { store } : {} } }));
}

export function useClearCart() {
  return useCartMutation(
    () => clearCart(),
    (cart) => ({ ...withLines(cart, []), coupon: null }),
  );
}
