/**
 * The checkout in progress, kept in sessionStorage so the three steps (and a
 * return from the gateway's 3-D Secure or PayPal page) share it. Card numbers
 * are never stored: only the gateway's token and what the card looks like.
 * Paying a quotation builds its order request from the same shape (`orderRequest`).
 */
import type { components } from '@/lib/api/schema';

type AddressFields = components['schemas']['AddressFields'];

export type PaymentCode = 'card' | 'paypal' | 'bank_transfer' | 'credit_terms';

export interface AddressChoice {
  /** An address-book id, or null for the new address below. */
  id: string | null;
  fields: AddressFields;
  save: boolean;
}

export interface CheckoutDraft {
  shippingMethod: 'customer_provided' | 'priority' | 'pickup' | null;
  shipping: AddressChoice;
  billingSameAsShipping: boolean;
  billing: AddressChoice;
  carrier: string;
  accountNumber: string;
  pickupLocation: string;
  payment: PaymentCode | null;
  card: { token: string; brand: string; last4: string; expMonth: number; expYear: number } | null;
  /** The idempotency key of the current attempt (a retry after a lost answer reuses it). */
  attemptKey: string | null;
  /** Total shown on the confirm page (`expected_total_cents`). */
  shownTotal: number | null;
  /** The server's field errors of the ShippingInformation section from the last attempt, shown on its fields. */
  shippingErrors: { field: string; message: string }[];
}

const KEY = 'uplink.checkout.draft';

export const emptyAddress = (): AddressFields => ({
  name: '',
  company: null,
  line1: '',
  line2: null,
  city: '',
  state: null,
  postal_code: '',
  country: '',
  phone: '',
});

export function emptyDraft(): CheckoutDraft {
  return {
    shippingMethod: null,
    shipping: { id: null, fields: emptyAddress(), save: false },
    billingSameAsShipping: true,
    billing: { id: null, fields: emptyAddress(), save: false },
    carrier: '',
    accountNumber: '',
    pickupLocation: '',
    payment: null,
    card: null,
    attemptKey: null,
    shownTotal: null,
    shippingErrors: [],
  };
}

export function loadDraft(): CheckoutDraft {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return emptyDraft();
    return { ...emptyDraft(), ...(JSON.parse(raw) as Partial<CheckoutDraft>) };
  } catch {
    return emptyDraft();
  }
}

export function saveDraft(draft: CheckoutDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    /* private mode: the steps still work within one page */
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
}

export function newAttemptKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function addressPart(a: AddressChoice) {
  return a.id ? { address_id: a.id } : { address: a.fields, save_address: a.save };
}

/** The `POST /orders` body for a draft. */
export function orderRequest(
  draft: CheckoutDraft,
  shippingRequired: boolean,
  extra: { paymentIntent?: string; expectedTotal?: number | null; returnPath?: string; cancelPath?: string } = {},
) {
  const shipping = shippingRequired
    ? {
        method: draft.shippingMethod ?? '',
        ...(draft.shippingMethod === 'pickup' ? {} : addressPart(draft.shipping)),
        carrier: draft.shippingMethod === 'customer_provided' ? draft.carrier : null,
        account_number: draft.shippingMethod === 'customer_provided' ? draft.accountNumber : null,
        pickup_location: draft.shippingMethod === 'pickup' ? draft.pickupLocation : null,
      }
    : null;
  const sameAsShipping = shippingRequired && draft.shippingMethod !== 'pickup' && draft.billingSameAsShipping;
  const billing = sameAsShipping ? { same_as_shipping: true } : { same_as_shipping: false, ...addressPart(draft.billing) };
  const payment = {
    method: draft.payment ?? '',
    token: draft.payment === 'card' && !extra.paymentIntent ? (draft.card?.token ?? null) : null,
    payment_intent: extra.paymentIntent ?? null,
  };
  return {
    shipping,
    billing,
    payment,
    expected_total_cents: extra.expectedTotal ?? null,
    // Where the gateway's 3-D Secure or PayPal page sends the buyer back (checkout's by default).
    return_path: extra.returnPath ?? '/checkout/confirm-order',
    cancel_path: extra.cancelPath ?? '/checkout/payment',
  };
}

/** Which form section a server field error belongs to (SPEC §6 sections). */
export function sectionOf(field: string): 'ShippingInformation' | 'ProductList' | 'Payment' {
  if (field.startsWith('shipping') || field.startsWith('billing')) return 'ShippingInformation';
  if (field.startsWith('payment')) return 'Payment';
  return 'ProductList';
}
