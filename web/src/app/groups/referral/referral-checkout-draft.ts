/**
 * What the referral checkout sent, kept in sessionStorage while the buyer is on the gateway's
 * 3-D Secure or PayPal page (never a card token), and the referrer's first name for the thanks.
 */
import type { PlaceOrderRequest } from '@/features/checkout/api/types';
import type { PaymentCode } from '@/lib/checkout/draft';
import type { ShippingValues } from '@/lib/checkout/shipping-schema';

export interface ReferralCheckoutDraft {
  values: ShippingValues;
  payment: PaymentCode;
  body: PlaceOrderRequest;
}

const KEY = 'uplink.referral.checkout';
const THANKS = 'uplink.referral.thanks';

export function loadReferralCheckout(): ReferralCheckoutDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ReferralCheckoutDraft) : null;
  } catch {
    return null;
  }
}

export function saveReferralCheckout(draft: ReferralCheckoutDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...draft, body: { ...draft.body, payment: { ...draft.body.payment, token: null } } }));
  } catch {
    /* private mode: a redirect then starts the form again */
  }
}

export function clearReferralCheckout(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}

/** The referrer's first name, for the success page's thanks (the order names only the code). */
export function rememberThanks(name: string): void {
  try {
    sessionStorage.setItem(THANKS, name);
  } catch {
    /* the page thanks "your friend" */
  }
}

export function readThanks(): string | null {
  try {
    return sessionStorage.getItem(THANKS);
  } catch {
    return null;
  }
}
