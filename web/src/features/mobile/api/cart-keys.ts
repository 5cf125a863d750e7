import { api, unwrap } from '@/lib/api/client';
import { AUTH_KEY } from './account';
import type { AddLineBody, Cart } from '@/lib/resources/cart/types';

/** The app's own carts beside the store's main cart (`?cart=`, D104). */
export type CartSlot = 'mobile-plans' | 'mobile-warranties';

/**
 * Query keys of the app's carts. Under `authKeys.all` (AUTH_KEY): the app-token sign-in resets them.
 * Placing an order invalidates `mobileKeys.all` (carts, checkout options).
 */
export const mobileKeys = {
  all: [...AUTH_KEY, 'mobile'] as const,
  cart: (slot: CartSlot) => [...mobileKeys.all, 'cart', slot] as const,
  options: (slot: CartSlot, taxState?: string) => [...mobileKeys.all, 'options', slot, taxState ?? ''] as const,
};

/** `GET /cart?cart=slot`. */
export function getMobileCart(slot: CartSlot, signal?: AbortSignal): Promise<Cart> {
  return unwrap(api.GET('/api/v1/cart', { params: { query: { cart: slot } }, signal }));
}

/**
 * `POST /cart/lines?cart=slot`. A plain call (no mutation hook) so that /mobile's top-up stays
 * within the page's JavaScript budget; the shop pages use `useAddToMobileCart`.
 */
export function addToMobileCart(slot: CartSlot, body: AddLineBody): Promise<Cart> {
  return unwrap(api.POST('/api/v1/cart/lines', { params: { query: { cart: slot } }, body }));
}
