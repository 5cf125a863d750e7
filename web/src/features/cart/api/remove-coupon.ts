import { api, unwrap } from '@/lib/api/client';
import type { Cart } from '@/lib/resources/cart/types';
import { useCartMutation } from './use-cart-mutation';

export function removeCoupon(): Promise<Cart> {
  return unwrap(api.DELETE('/api/v1/cart/coupon'));
}

export function useRemoveCoupon() {
  return useCartMutation(removeCoupon, (cart) => ({ ...cart, coupon: null }));
}
