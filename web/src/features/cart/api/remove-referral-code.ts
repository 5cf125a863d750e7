import { api, unwrap } from '@/lib/api/client';
import type { Cart } from '@/lib/resources/cart/types';
import { useCartMutation } from './use-cart-mutation';

export function removeReferralCode(): Promise<Cart> {
  return unwrap(api.DELETE('/api/v1/cart/referral-code'));
}

export function useRemoveReferralCode() {
  return useCartMutation(removeReferralCode, (cart) => ({ ...cart, partner_referral: null }));
}
