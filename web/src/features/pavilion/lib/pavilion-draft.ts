/**
 * What the pavilion form sent, kept in sessionStorage while the partner is on the gateway's
 * 3-D Secure or PayPal page, so the order is placed when they come back. Card numbers are never
 * kept: only the request without its card token.
 */
import type { PaymentCode } from '@/lib/checkout/draft';
import type { PavilionOrderRequest } from '../api/place-pavilion-order';
import type { PavilionValues } from './pavilion-schema';

export interface PavilionDraft {
  values: PavilionValues;
  payment: PaymentCode;
  body: PavilionOrderRequest;
}

const KEY = 'uplink.pavilion.payment';

/** Where the gateway sends the partner back (with `payment_intent` and `redirect_status`). */
export const PAVILION_PATH = '/partner-pavillion/checkout';

export function loadPavilionDraft(): PavilionDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PavilionDraft) : null;
  } catch {
    return null;
  }
}

export function savePavilionDraft(draft: PavilionDraft): void {
  try {
    const order = { ...draft.body.order, payment: { ...draft.body.order.payment, token: null } };
    sessionStorage.setItem(KEY, JSON.stringify({ ...draft, body: { ...draft.body, order } }));
  } catch {
    /* private mode: a redirect then starts the form again */
  }
}

export function clearPavilionDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
}
