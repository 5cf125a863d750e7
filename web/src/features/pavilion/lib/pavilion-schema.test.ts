import { describe, expect, it } from 'vitest';
import { emptyDraft } from '@/lib/checkout/draft';
import { shippingValuesOf } from '@/lib/checkout/shipping-schema';
import { endCustomerOf, pavilionFieldOf, pavilionSchema, type PavilionValues } from './pavilion-schema';

function values(endCustomer: Partial<PavilionValues['endCustomer']> = {}): PavilionValues {
  const v: PavilionValues = { ...shippingValuesOf(emptyDraft()), endCustomer: { name: 'Erin Ng', company: '', email: 'erin@example.com', ...endCustomer } };
  v.billing.id = 'adr_1';
  return v;
}

/** The first message per field, as the form shows them. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('the pavilion form', () => {
  it('needs the end customer’s name and a valid e-mail; the company is optional', () => {
    expect(pavilionSchema(false).safeParse(values()).success).toBe(true);
    expect(messages(pavilionSchema(false).safeParse(values({ name: '  ', email: '' })))).toEqual({
      'endCustomer.name': 'Enter the end customer’s name.',
      'endCustomer.email': 'Enter the end customer’s e-mail address: their delivery e-mail goes there.',
    });
    expect(messages(pavilionSchema(false).safeParse(values({ email: 'erin@' })))).toEqual({
      'endCustomer.email': 'Enter an e-mail address like name@example.com.',
    });
  });

  it('checks the shipping part as checkout does, together with the end customer', () => {
    const v = values({ name: '' });
    const result = pavilionSchema(true).safeParse(v);
    expect(messages(result)).toMatchObject({
      'endCustomer.name': 'Enter the end customer’s name.',
      shippingMethod: 'Choose how your order is shipped.',
    });
    // A new billing address must be complete.
    const digital = values();
    digital.billing.id = null;
    expect(messages(pavilionSchema(false).safeParse(digital))).toMatchObject({ 'billing.fields.name': 'Enter the full name.' });
  });

  it('sends the end customer trimmed, without an empty company', () => {
    expect(endCustomerOf({ name: ' Erin Ng ', company: ' ', email: ' erin@example.com ' })).toEqual({ name: 'Erin Ng', email: 'erin@example.com' });
    expect(endCustomerOf({ name: 'Erin', company: 'Erin Ferries', email: 'e@x.io' })).toEqual({ name: 'Erin', company: 'Erin Ferries', email: 'e@x.io' });
  });

  it('puts the server’s field errors on the end customer’s and the order’s fields', () => {
    expect(pavilionFieldOf('end_customer.email')).toBe('endCustomer.email');
    expect(pavilionFieldOf('end_customer.name')).toBe('endCustomer.name');
    expect(pavilionFieldOf('order.shipping.address.city')).toBe('shipping.fields.city');
    expect(pavilionFieldOf('order.billing.address_id')).toBe('billing.id');
    expect(pavilionFieldOf('order.shipping.method')).toBe('shippingMethod');
    expect(pavilionFieldOf('order.payment.token')).toBeUndefined();
    expect(pavilionFieldOf('end_customer')).toBeUndefined();
  });
});
