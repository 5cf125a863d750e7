import type { Address } from '@/lib/resources/addresses/types';
import type { AddressChoice, CheckoutDraft } from './draft';

/**
 * Where the order goes, as far as prices are concerned: the country of the
 * Priority Shipping quote, and the US state whose sales tax applies — the
 * pick-up location's, else the shipping address's, else the billing
 * address's (as the server decides when the order is placed).
 */
export interface Destination {
  country?: string;
  taxState?: string;
  pickupLocation?: string;
}

type Fields = { country: string; state?: string | null };

function resolve(choice: AddressChoice, book: Address[]): Fields | undefined {
  if (choice.id) return book.find((a) => a.id === choice.id);
  return /^[A-Z]{2}$/.test(choice.fields.country) ? choice.fields : undefined;
}

/** The destination of a checkout draft, its addresses looked up in the address book. */
export function destinationOf(draft: CheckoutDraft, book: Address[]): Destination {
  if (draft.shippingMethod === 'pickup') {
    return { pickupLocation: draft.pickupLocation || undefined };
  }
  const ship = draft.shippingMethod ? resolve(draft.shipping, book) : undefined;
  const bill = draft.billingSameAsShipping && ship ? ship : resolve(draft.billing, book);
  const taxed = ship ?? bill;
  return {
    country: ship?.country ?? resolve(draft.shipping, book)?.country,
    taxState: taxed?.country === 'US' && taxed.state ? taxed.state : undefined,
  };
}
