// @vitest-environment node
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES as M,
  addressFieldsSchema,
  addressIssues,
  type AddressFieldValues,
  countryCodeOf,
  isPhone,
  isUsState,
  isUsZip,
} from './address-schema';
import { COUNTRY_CODES, US_STATE_CODES } from './codes';

// The cases follow the server's own tests (crates/domain/src/accounts/address.rs).
const us: AddressFieldValues = {
  name: 'Ann Lee',
  company: '',
  line1: '1 Market St',
  line2: '',
  city: 'San Francisco',
  state: 'ca',
  postal_code: '94105',
  country: 'us',
  phone: '+1 415 555 0100',
};
const london: AddressFieldValues = {
  name: 'Jo',
  company: '',
  line1: '10 Downing St',
  line2: '',
  city: 'London',
  state: '',
  postal_code: 'sw1a 2aa',
  country: 'GB',
  phone: '020 7946 0000',
};
const empty: AddressFieldValues = { name: '', company: '', line1: '', line2: '', city: '', state: '', postal_code: '', country: '', phone: '' };

/** The broken rules as `{ field: message }`. */
const issues = (address: AddressFieldValues) => Object.fromEntries(addressIssues(address).map((i) => [i.field, i.message]));

describe('the address rules', () => {
  it('accept a complete US address in any case, with a 5 or 5+4 digit ZIP code', () => {
    expect(issues(us)).toEqual({});
    expect(issues({ ...us, postal_code: '94105-1234' })).toEqual({});
    expect(issues({ ...us, state: ' NY ', country: ' US ' })).toEqual({});
  });

  it('report every missing required field at once, in the server’s order', () => {
    expect(addressIssues(empty)).toEqual([
      { field: 'name', message: M.name },
      { field: 'line1', message: M.line1 },
      { field: 'city', message: M.city },
      { field: 'country', message: M.country },
      { field: 'postal_code', message: M.postalCode },
      { field: 'phone', message: M.phone },
    ]);
    // Spaces only are nothing.
    expect(Object.keys(issues({ ...us, name: '  ', line1: ' ', city: '\t', phone: ' ' }))).toEqual(['name', 'line1', 'city', 'phone']);
  });

  it('need a state from the US list for a US address', () => {
    expect(issues({ ...us, state: '' })).toEqual({ state: M.usState });
    expect(issues({ ...us, state: 'XX' })).toEqual({ state: M.unknownUsState });
    expect(issues({ ...us, state: 'California' })).toEqual({ state: M.unknownUsState });
    // DC and the territories are on the list.
    for (const code of ['DC', 'pr', 'GU', 'VI']) expect(issues({ ...us, state: code }), code).toEqual({});
  });

  it('need a ZIP code of 5 or 5+4 digits for a US address', () => {
    for (const bad of ['', '9410', '941051', '94105-12', 'ABCDE', '94105 1234', '1234', '94105-', '９４１０５']) {
      expect(issues({ ...us, postal_code: bad }), bad).toEqual({ postal_code: M.usZip });
    }
    expect(issues({ ...us, state: 'XX', postal_code: '9410' })).toEqual({ state: M.unknownUsState, postal_code: M.usZip });
  });

  it('need no state elsewhere, but a postal code of up to 12 letters, digits, spaces or hyphens', () => {
    expect(issues(london)).toEqual({});
    expect(issues({ ...london, state: 'Greater London' })).toEqual({});
    expect(issues({ ...london, postal_code: 'AB-12 345678' })).toEqual({});
    expect(issues({ ...london, postal_code: '1234567890123' })).toEqual({ postal_code: M.badPostalCode });
    expect(issues({ ...london, postal_code: '10_115' })).toEqual({ postal_code: M.badPostalCode });
    expect(issues({ ...london, postal_code: 'Ö1' })).toEqual({ postal_code: M.badPostalCode });
    expect(issues({ ...london, postal_code: ' ' })).toEqual({ postal_code: M.postalCode });
  });

  it('need a real ISO country code', () => {
    expect(issues({ ...london, country: 'UK' })).toEqual({ country: M.unknownCountry });
    expect(issues({ ...london, country: 'GBR' })).toEqual({ country: M.unknownCountry });
    expect(issues({ ...london, country: 'gb' })).toEqual({});
    expect(countryCodeOf(' de ')).toBe('DE');
    // Only ASCII letters are upper-cased, as on the server: the ligature "ﬁ" is not Finland.
    expect(countryCodeOf('ﬁ')).toBeUndefined();
    expect(countryCodeOf('XX')).toBeUndefined();
  });

  it('allow 120 characters in the name, company, address lines and city, and 60 in the state', () => {
    const at = (n: number) => 'x'.repeat(n);
    const long = { name: at(120), company: at(120), line1: at(120), line2: at(120), city: at(120), state: at(60) };
    expect(issues({ ...london, ...long })).toEqual({});
    // Characters, not UTF-16 units: 120 emoji are 120 characters.
    expect(issues({ ...london, name: '😀'.repeat(120) })).toEqual({});
    expect(issues({ ...london, name: at(121), company: at(121), line1: at(121), line2: at(121), city: at(121), state: at(61) })).toEqual({
      name: M.textTooLong,
      company: M.textTooLong,
      line1: M.textTooLong,
      line2: M.textTooLong,
      city: M.textTooLong,
      state: M.stateTooLong,
    });
    // One message per field: an unknown US state is not also "too long".
    expect(issues({ ...us, state: at(61) })).toEqual({ state: M.unknownUsState });
  });

  it('need a phone number of 6 to 20 digits with the usual separators', () => {
    expect(isPhone('+49 (30) 123-456')).toBe(true);
    expect(isPhone('030.123.456')).toBe(true);
    expect(isPhone('123456')).toBe(true);
    expect(isPhone('1'.repeat(20))).toBe(true);
    expect(isPhone('12345')).toBe(false);
    expect(isPhone('1'.repeat(21))).toBe(false);
    expect(isPhone('call me')).toBe(false);
    expect(isPhone('1+23456789')).toBe(false);
    expect(isPhone('123456 ext 7')).toBe(false);
    expect(isPhone('123\t456')).toBe(false);
    expect(issues({ ...us, phone: '12345' })).toEqual({ phone: M.badPhone });
    expect(issues({ ...us, phone: ' +1 415 555 0100 ' })).toEqual({});
  });

  it('know ZIP codes and states by themselves', () => {
    expect(isUsZip('12345')).toBe(true);
    expect(isUsZip('12345-6789')).toBe(true);
    expect(isUsZip('1234')).toBe(false);
    expect(isUsState('ca')).toBe(true);
    expect(isUsState('ZZ')).toBe(false);
  });

  it('use the server’s code lists, code for code', () => {
    // The lists the server checks against, read from its source: a change there fails here.
    const rustLists = readFileSync(new URL('../../../../crates/domain/src/accounts/countries_data.rs', import.meta.url), 'utf8');
    const list = (name: string) => {
      const body = rustLists.split(`pub const ${name}: &[(&str, &str)] = &[`)[1]!.split('];')[0]!;
      return [...body.matchAll(/\("([A-Z]{2})",/g)].map((m) => m[1]);
    };
    expect([...COUNTRY_CODES].sort()).toEqual(list('COUNTRIES').sort());
    expect([...US_STATE_CODES].sort()).toEqual(list('US_STATES').sort());
    expect(COUNTRY_CODES.size).toBe(249);
    expect(US_STATE_CODES.size).toBe(57);
  });
});

describe('the address schema', () => {
  it('puts each broken rule on its field and trims what it accepts', () => {
    const result = addressFieldsSchema.safeParse({ ...us, postal_code: 'ABCDE', phone: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['postal_code', M.usZip],
      ['phone', M.phone],
    ]);
    expect(addressFieldsSchema.parse({ ...london, name: ' Jo ' })).toMatchObject({ name: 'Jo' });
  });
});
