import { api, unwrap } from '@/lib/api/client';
import type { Cart } from '@/lib/resources/cart/types';
import { useCartMutation } from './use-cart-mutation';

export function applyReferralCode(code: string): Promise<Cart> {
  return unwrap(api.PUT('/api/v1/cart/referral-code', { body: { code } }));
}

export function useApplyReferralCode() {
  return useCartMutation(applyReferralCode);
}
