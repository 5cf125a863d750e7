/**
 * What the quotation payment form sent, kept in sessionStorage while the buyer is on the
 * gateway's 3-D Secure or PayPal page, so the payment completes when they come back. Card
 * numbers are never kept: only the order request without its card token.
 */
import type { PaymentCode } from '@/lib/checkout/draft';
import type { ShippingValues } from '@/lib/checkout/shipping-schema';
import type { PlaceOrderRequest } from '../api/pay-quotation';

export interface PaymentDraft {
  values: ShippingValues;
  payment: PaymentCode;
  body: PlaceOrderRequest;
}

const key = (number: string) => `uplink.quotation-payment.${number}`;

export function loadPaymentDraft(number: string): PaymentDraft | null {
  try {
    const raw = sessionStorage.getItem(key(number));
    return raw ? (JSON.parse(raw) as PaymentDraft) : null;
  } catch {
    return null;
  }
}

export function savePaymentDraft(number: string, draft: PaymentDraft): void {
  try {
    const body = { ...draft.body, payment: { ...draft.body.payment, token: null } };
    sessionStorage.setItem(key(number), JSON.stringify({ ...draft, body }));
  } catch {
    /* private mode: a redirect then starts the form again */
  }
}

export function clearPaymentDraft(number: string): void {
  try {
    sessionStorage.removeItem(key(number));
  } catch {
    /* ignore */
  }
}

/** Where the gateway sends the buyer back (with `payment_intent` and `redirect_status`). */
export const paymentReturnPath = (number: string) => `/quotation/payment?${new URLSearchParams({ quotation: number }).toString()}`;
