import { describe, expect, it } from 'vitest';
import type { CustomOption } from '../api/types';
import { buildPurchaseSchema, defaultPurchaseValues, quantityError } from './purchase-schema';

const SERIALS: CustomOption = {
  code: 'serials',
  label: 'Device serial numbers',
  kind: 'serial_numbers',
  required: true,
  values: [],
  pattern: null,
  help: null,
};
const ICCID: CustomOption = { code: 'iccid', label: 'ICCID', kind: 'iccid', required: true, values: [], pattern: null, help: null };
const TERM: CustomOption = {
  code: 'support',
  label: 'Support level',
  kind: 'select',
  required: true,
  values: [
    { code: 'standard', label: 'Standard', price_delta: null },
    { code: 'priority', label: 'Priority', price_delta: { kind: 'fixed', amount: { cents: 2000, currency: 'USD' } } },
  ],
  pattern: null,
  help: null,
};

const RULES = { min: 1, max: 10, step: 1 };

function messages(options: CustomOption[], values: unknown, rules = RULES) {
  const result = buildPurchaseSchema(options, rules).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('purchase form schema', () => {
  it('accepts a complete form', () => {
    const values = {
      quantity: 2,
      serials: [{ value: '1934-abcd-5678' }, { value: '1934ABCD5679' }],
      options: { iccid: '8901 2608 8229 0360 582', support: 'priority' },
    };
    expect(messages([SERIALS, ICCID, TERM], values)).toEqual({});
  });

  it('explains every problem next to its field', () => {
    const values = {
      quantity: 1,
      serials: [{ value: '1934-ABCD-567' }, { value: '' }, { value: '1934-abcd-5678' }, { value: '1934ABCD5678' }],
      options: { iccid: '8901260882290360587', support: '' },
    };
    expect(messages([SERIALS, ICCID, TERM], values)).toEqual({
      'serials.0.value': 'Serial numbers look like 1234-ABCD-5678 (12 letters and digits).',
      'serials.1.value': 'Enter the device’s serial number.',
      'serials.3.value': 'This serial number is already in the list (device 3). Remove the duplicate.',
      'options.iccid':
        'This ICCID’s check digit doesn’t match — a digit is probably mistyped. Check the number again.',
      'options.support': 'Choose a support level.',
    });
    expect(messages([ICCID], { quantity: 1, serials: [], options: { iccid: '12345' } })).toEqual({
      'options.iccid': 'An ICCID has 19 or 20 digits. Check the number on the SIM card.',
    });
  });

  it('checks quantity limits and steps, or the number of serials for serial-bound products', () => {
    expect(messages([], { quantity: 11, serials: [], options: {} })).toEqual({ quantity: 'The maximum quantity is 10.' });
    expect(quantityError(3, { min: 2, max: null, step: 2 })).toMatch(/steps of 2/);
    expect(quantityError(4, { min: 2, max: null, step: 2 })).toBeNull();
    const tooMany = Array.from({ length: 3 }, (_, i) => ({ value: `1934-ABCD-000${i}` }));
    expect(messages([SERIALS], { quantity: 1, serials: tooMany, options: {} }, { min: 1, max: 2, step: 1 })).toEqual({
      serials: 'The maximum number of devices is 2.',
    });
  });

  it('starts with one empty serial and empty options', () => {
    expect(defaultPurchaseValues([SERIALS, TERM], RULES)).toEqual({
      quantity: 1,
      serials: [{ value: '' }],
      options: { support: '' },
    });
  });

  it('fills the first serial from the page’s ?serial=', () => {
    expect(defaultPurchaseValues([SERIALS, TERM], RULES, '1824-ABCD-0001').serials).toEqual([{ value: '1824-ABCD-0001' }]);
    expect(defaultPurchaseValues([TERM], RULES, '1824-ABCD-0001').serials).toEqual([]);
  });
});
