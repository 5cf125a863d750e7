/**
 * What a mobile checkout keeps while the buyer is on the gateway's 3-D Secure or PayPal page,
 * per cart (sessionStorage: it survives the round trip, not the app's session). No card data.
 */
import type { components } from '@/lib/api/schema';
import type { CartSlot } from '../api/cart';

export interface PendingAttempt {
  method: string;
  billing: components['schemas']['BillingInput'];
  expectedTotal: number;
}

const key = (slot: CartSlot) => `uplink.mobile.checkout.${slot}`;

export function savePending(slot: CartSlot, attempt: PendingAttempt): void {
  try {
    sessionStorage.setItem(key(slot), JSON.stringify(attempt));
  } catch {
    /* private mode: the return cannot resume, the buyer places the order again */
  }
}

export function takePending(slot: CartSlot): PendingAttempt | null {
  try {
    const raw = sessionStorage.getItem(key(slot));
    sessionStorage.removeItem(key(slot));
    return raw ? (JSON.parse(raw) as PendingAttempt) : null;
  } catch {
    return null;
  }
}
