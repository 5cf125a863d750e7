import { describe, expect, it } from 'vitest';
import { emptyDraft } from './draft';
import {
  formFieldOf,
  shippingSchema,
  shippingValuesOf,
  type AddressInput,
  type ShippingValues,
  withShippingValues,
} from './shipping-schema';

const berlin: AddressInput = {
  name: 'Ann Example',
  company: '',
  line1: 'Hauptstrasse 1',
  line2: '',
  city: 'Berlin',
  state: '',
  postal_code: '10115',
  country: 'DE',
  phone: '030 123456',
};

function values(overrides: Partial<ShippingValues> = {}): ShippingValues {
  return { ...shippingValuesOf(emptyDraft()), ...overrides };
}

/** The schema's messages by field path, as react-hook-form would show them. */
function problems(shippingRequired: boolean, input: ShippingValues): Record<string, string> {
  const result = shippingSchema(shippingRequired).safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('checkout shipping schema', () => {
  it('asks how the order is shipped', () => {
    expect(problems(true, values())).toEqual({ shippingMethod: 'Choose how your order is shipped.' });
  });

  it('checks every field of a new shipping address, and bills to it', () => {
    expect(problems(true, values({ shippingMethod: 'priority' }))).toEqual({
      'shipping.fields.name': 'Enter the full name.',
      'shipping.fields.line1': 'Enter the street address.',
      'shipping.fields.city': 'Enter the city.',
      'shipping.fields.postal_code': 'Enter the postal code.',
      'shipping.fields.country': 'Choose the country.',
      'shipping.fields.phone': 'Enter a phone number, e.g. +1 415 555 0100.',
    });
    expect(problems(true, values({ shippingMethod: 'priority', shipping: { id: null, fields: berlin, save: false } }))).toEqual({});
  });

  it('needs a state for US addresses and a real country code', () => {
    const us = { ...berlin, country: 'US', postal_code: '94105' };
    expect(problems(true, values({ shippingMethod: 'priority', shipping: { id: null, fields: us, save: false } }))).toEqual({
      'shipping.fields.state': 'Choose the state: US addresses need one.',
    });
    const uk = { ...berlin, country: 'UK' };
    expect(problems(true, values({ shippingMethod: 'priority', shipping: { id: null, fields: uk, save: false } }))).toEqual({
      'shipping.fields.country': 'Enter the two-letter code of the country, e.g. US, DE or GB.',
    });
  });

  // The server's rules for `POST /orders` addresses are the address book's (issue #33): what it
  // refuses, checkout refuses before the order is sent.
  it('refuses what the server refuses: a US ZIP code, a US state, the lengths, the phone, the postal code', () => {
    const texas = { ...berlin, city: 'Austin', state: 'TX', postal_code: '78701', country: 'US', phone: '+1 512 555 0100' };
    const shipping = (fields: Partial<AddressInput>) => ({ id: null, fields: { ...texas, ...fields }, save: false });
    const check = (fields: Partial<AddressInput>) => problems(true, values({ shippingMethod: 'priority', shipping: shipping(fields) }));
    expect(check({})).toEqual({});
    expect(check({ postal_code: '78701-1234' })).toEqual({});
    const zip = 'Enter a ZIP code of 5 digits or 5+4 digits (12345 or 12345-6789).';
    for (const bad of ['ABCDE', '1234', '787011', '78701-12', '78701 1234']) {
      expect(check({ postal_code: bad }), bad).toEqual({ 'shipping.fields.postal_code': zip });
    }
    expect(check({ state: 'Texas' })).toEqual({ 'shipping.fields.state': 'Enter the two-letter code of a US state, e.g. CA or NY.' });
    expect(check({ name: 'x'.repeat(121), line2: 'y'.repeat(121) })).toEqual({
      'shipping.fields.name': 'Use at most 120 characters.',
      'shipping.fields.line2': 'Use at most 120 characters.',
    });
    expect(check({ phone: '12345' })).toEqual({ 'shipping.fields.phone': 'Enter a phone number of 6 to 20 digits, e.g. +1 415 555 0100.' });
    expect(check({ phone: 'call me' })).toEqual({ 'shipping.fields.phone': 'Enter a phone number of 6 to 20 digits, e.g. +1 415 555 0100.' });
    const billing = { id: null, fields: { ...berlin, postal_code: '10_115' }, save: false };
    expect(problems(false, values({ billing }))).toEqual({ 'billing.fields.postal_code': 'Use up to 12 letters, digits, spaces or hyphens.' });
  });

  it('takes an address from the address book without checking fields', () => {
    expect(problems(true, values({ shippingMethod: 'priority', shipping: { id: 'adr_1', fields: shippingValuesOf(emptyDraft()).shipping.fields, save: false } }))).toEqual({});
  });

  it('asks the carrier and account for shipping on the customer’s account', () => {
    const shipping = { id: 'adr_1', fields: berlin, save: false };
    expect(problems(true, values({ shippingMethod: 'customer_provided', shipping, accountNumber: '12' }))).toEqual({
      carrier: 'Choose your carrier.',
      accountNumber: 'Enter your account number with the carrier.',
    });
    expect(problems(true, values({ shippingMethod: 'customer_provided', shipping, carrier: 'DHL', accountNumber: '123' }))).toEqual({});
  });

  it('asks a pick-up location and a billing address for pick-up', () => {
    expect(problems(true, values({ shippingMethod: 'pickup' }))).toMatchObject({
      pickupLocation: 'Choose a pick-up location.',
      'billing.fields.name': 'Enter the full name.',
    });
    expect(problems(true, values({ shippingMethod: 'pickup', pickupLocation: 'berlin', billing: { id: 'adr_1', fields: berlin, save: false } }))).toEqual({});
  });

  it('asks only a billing address when nothing is shipped', () => {
    expect(Object.keys(problems(false, values()))).toEqual([
      'billing.fields.name',
      'billing.fields.line1',
      'billing.fields.city',
      'billing.fields.country',
      'billing.fields.postal_code',
      'billing.fields.phone',
    ]);
    expect(problems(false, values({ billing: { id: null, fields: berlin, save: true } }))).toEqual({});
  });

  it('asks a billing address when it differs from the shipping one', () => {
    const shipping = { id: 'adr_1', fields: berlin, save: false };
    expect(problems(true, values({ shippingMethod: 'priority', shipping, billingSameAsShipping: false }))).toHaveProperty(
      ['billing.fields.city'],
      'Enter the city.',
    );
  });
});

describe('server field errors', () => {
  it('land on the form’s fields', () => {
    expect(formFieldOf('shipping.method')).toBe('shippingMethod');
    expect(formFieldOf('shipping.carrier')).toBe('carrier');
    expect(formFieldOf('shipping.account_number')).toBe('accountNumber');
    expect(formFieldOf('shipping.pickup_location')).toBe('pickupLocation');
    expect(formFieldOf('shipping.address.postal_code')).toBe('shipping.fields.postal_code');
    expect(formFieldOf('billing.address.state')).toBe('billing.fields.state');
    expect(formFieldOf('billing.address_id')).toBe('billing.id');
    expect(formFieldOf('shipping.address')).toBe('shipping.id');
    expect(formFieldOf('payment.token')).toBeUndefined();
    expect(formFieldOf('lines[0].qty')).toBeUndefined();
  });
});

describe('form values and the draft', () => {
  it('round-trip, empty optional address fields becoming null', () => {
    const draft = withShippingValues(emptyDraft(), values({ shippingMethod: 'priority', shipping: { id: null, fields: berlin, save: true } }));
    expect(draft.shippingMethod).toBe('priority');
    expect(draft.shipping.fields).toMatchObject({ company: null, line2: null, state: null, city: 'Berlin' });
    expect(draft.shipping.save).toBe(true);
    expect(shippingValuesOf(draft).shipping.fields).toEqual(berlin);
  });
});
