import { describe, expect, it } from 'vitest';
import { emptyDraft } from '@/lib/checkout/draft';
import { type AddressInput, shippingSchema, shippingValuesOf } from '@/lib/checkout/shipping-schema';
import { addressSchema, profileSchema } from './schemas';

const texas: AddressInput = {
  name: 'Bob',
  company: '',
  line1: '5 Elm St',
  line2: '',
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  country: 'US',
  phone: '512 555 0100',
};

/** The address book's messages by field. */
function addressBook(fields: AddressInput): Record<string, string> {
  const result = addressSchema.safeParse({ ...fields, is_default_shipping: false, is_default_billing: false });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

/** Checkout's messages for the same address typed as a new shipping address, by field. */
function checkout(fields: AddressInput): Record<string, string> {
  const values = { ...shippingValuesOf(emptyDraft()), shippingMethod: 'priority' as const, shipping: { id: null, fields, save: false } };
  const result = shippingSchema(true).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.slice(2).join('.'), i.message]));
}

describe('address book schema', () => {
  it('has the same rules and messages as checkout’s addresses (one rule set, #33)', () => {
    const cases: Partial<AddressInput>[] = [
      {},
      { postal_code: 'ABCDE' },
      { postal_code: '1234' },
      { state: '' },
      { state: 'Texas' },
      { country: 'UK' },
      { country: 'DE', state: '', postal_code: '10_115' },
      { name: '', line1: '', city: '', phone: '' },
      { name: 'x'.repeat(121), company: 'x'.repeat(121), line2: 'x'.repeat(121) },
      { phone: '12345' },
      { phone: '+1 (512) 555-0100' },
    ];
    for (const change of cases) {
      const fields = { ...texas, ...change };
      expect(addressBook(fields), JSON.stringify(change)).toEqual(checkout(fields));
    }
    expect(addressBook({ ...texas, postal_code: 'ABCDE' })).toEqual({
      postal_code: 'Enter a ZIP code of 5 digits or 5+4 digits (12345 or 12345-6789).',
    });
    // 200 characters were allowed here before; the server allows 120.
    expect(addressBook({ ...texas, line1: 'x'.repeat(121) })).toEqual({ line1: 'Use at most 120 characters.' });
  });
});

describe('profile schema', () => {
  it('checks the phone, if given, with the address rule', () => {
    const profile = { name: 'Ann', company: '', country: 'DE', newsletter: false };
    expect(profileSchema.safeParse({ ...profile, phone: '' }).success).toBe(true);
    expect(profileSchema.safeParse({ ...profile, phone: '+49 30 123456' }).success).toBe(true);
    expect(profileSchema.safeParse({ ...profile, phone: '1+23456789' }).success).toBe(false);
    expect(profileSchema.safeParse({ ...profile, phone: '1'.repeat(25) }).success).toBe(false);
  });
});
