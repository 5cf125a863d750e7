import { api, unwrap } from '@/lib/api/client';
import type { Cart } from '@/lib/resources/cart/types';
import { useCartMutation } from './use-cart-mutation';

export function applyCoupon(code: string): Promise<Cart> {
  return unwrap(api.POST('/api/v1/cart/coupon', { body: { code } }));
}

export function useApplyCoupon() {
  return useCartMutation(applyCoupon);
}
