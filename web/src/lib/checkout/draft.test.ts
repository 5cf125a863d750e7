import { describe, expect, it } from 'vitest';
import { emptyDraft, orderRequest, sectionOf } from './draft';

describe('checkout draft', () => {
  it('builds the order request for a shipped card order from a book address', () => {
    const d = { ...emptyDraft(), shippingMethod: 'priority' as const, payment: 'card' as const };
    d.shipping.id = 'adr_1';
    d.card = { token: 'tok_1', brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2030 };
    const body = orderRequest(d, true);
    expect(body.shipping).toMatchObject({ method: 'priority', address_id: 'adr_1', carrier: null });
    expect(body.billing).toEqual({ same_as_shipping: true });
    expect(body.payment).toEqual({ method: 'card', token: 'tok_1', payment_intent: null });
  });

  it('sends the approved intent instead of the token after a gateway page', () => {
    const d = { ...emptyDraft(), shippingMethod: 'priority' as const, payment: 'card' as const };
    d.card = { token: 'tok_used', brand: 'Visa', last4: '3220', expMonth: 1, expYear: 2031 };
    expect(orderRequest(d, true, { paymentIntent: 'pi_1' }).payment).toEqual({ method: 'card', token: null, payment_intent: 'pi_1' });
  });

  it('has no shipping part for digital-only carts and keeps the billing address', () => {
    const d = { ...emptyDraft(), payment: 'bank_transfer' as const };
    d.billing.fields.name = 'Buyer';
    const body = orderRequest(d, false);
    expect(body.shipping).toBeNull();
    expect(body.billing).toMatchObject({ same_as_shipping: false, address: { name: 'Buyer' } });
  });

  it('groups server field errors by form section', () => {
    expect(sectionOf('shipping.address.postal_code')).toBe('ShippingInformation');
    expect(sectionOf('billing.address_id')).toBe('ShippingInformation');
    expect(sectionOf('payment.token')).toBe('Payment');
    expect(sectionOf('lines[0].qty')).toBe('ProductList');
  });
});
