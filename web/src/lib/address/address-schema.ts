/**
 * The one rule set of a postal address, for every address form of the web app (the address
 * book, checkout's shipping and billing addresses, the quotation, referral, Pavilion and mobile
 * checkouts). It mirrors the server's rules, which apply to the address book and to the
 * addresses of `POST /orders` alike (SPEC §6, D32, `AddressInput::validate` in
 * crates/domain/src/accounts/address.rs):
 *
 * - name, line 1 and city are required, at most 120 characters; company and line 2 are optional,
 *   at most 120 characters;
 * - the country is an ISO 3166-1 alpha-2 code from the server's list (any case, trimmed);
 * - a US address needs a state from the US list (states, DC, territories) and a ZIP code of
 *   5 or 5+4 digits (`12345`, `12345-6789`); the state of any other address is optional;
 * - any other address needs a postal code of up to 12 letters, digits, spaces or hyphens;
 * - a state or region has at most 60 characters;
 * - the phone is required: 6 to 20 digits with spaces, hyphens, dots and brackets, and a `+`
 *   only in front.
 *
 * The server still checks everything again; these are the same checks, sooner.
 */
import { z } from '@/lib/zod';
import { COUNTRY_CODES, US_STATE_CODES } from './codes';

/** The fields of an address, in the order the forms show them and the API names them. */
export const ADDRESS_FIELDS = ['name', 'company', 'line1', 'line2', 'city', 'state', 'postal_code', 'country', 'phone'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** An address as typed: every field a string, empty for "not given". */
export type AddressFieldValues = Record<AddressField, string>;

/** One broken rule: the field and what to do about it. */
export interface AddressIssue {
  field: AddressField;
  message: string;
}

/** Most characters of the name, company, address lines and city. */
export const ADDRESS_TEXT_MAX = 120;
/** Most characters of a state or region. */
export const STATE_MAX = 60;
/** Most characters of a postal code outside the US. */
export const POSTAL_CODE_MAX = 12;

export const ADDRESS_MESSAGES = {
  name: 'Enter the full name.',
  line1: 'Enter the street address.',
  city: 'Enter the city.',
  textTooLong: `Use at most ${ADDRESS_TEXT_MAX} characters.`,
  country: 'Choose the country.',
  unknownCountry: 'Enter the two-letter code of the country, e.g. US, DE or GB.',
  usState: 'Choose the state: US addresses need one.',
  unknownUsState: 'Enter the two-letter code of a US state, e.g. CA or NY.',
  stateTooLong: `Use at most ${STATE_MAX} characters.`,
  usZip: 'Enter a ZIP code of 5 digits or 5+4 digits (12345 or 12345-6789).',
  postalCode: 'Enter the postal code.',
  badPostalCode: `Use up to ${POSTAL_CODE_MAX} letters, digits, spaces or hyphens.`,
  phone: 'Enter a phone number, e.g. +1 415 555 0100.',
  badPhone: 'Enter a phone number of 6 to 20 digits, e.g. +1 415 555 0100.',
} as const;

/** Upper case for ASCII letters only (as the server's `to_ascii_uppercase`). */
const asciiUpper = (value: string) => value.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
/** Characters as the server counts them (Unicode scalar values, not UTF-16 units). */
const length = (value: string) => [...value].length;

/** True for `12345` or `12345-6789`. */
export function isUsZip(zip: string): boolean {
  return /^\d{5}(-\d{4})?$/.test(zip);
}

/** A phone number: 6 to 20 digits with spaces, `-`, `(`, `)` or `.` between, and an optional leading `+`. */
export function isPhone(phone: string): boolean {
  const digits = (phone.match(/\d/g) ?? []).length;
  return /^\+?[\d ().-]*$/.test(phone) && digits >= 6 && digits <= 20;
}

/** The country code of what was typed (trimmed, upper case), or undefined unless it is a real one. */
export function countryCodeOf(input: string): string | undefined {
  const code = asciiUpper(input.trim());
  return COUNTRY_CODES.has(code) ? code : undefined;
}

/** True for a US state, DC or territory code (any case). */
export function isUsState(input: string): boolean {
  return US_STATE_CODES.has(asciiUpper(input.trim()));
}

/**
 * Every broken rule of an address, at most one per field (the first the server would report),
 * in the server's order. Empty when the server accepts the address.
 */
export function addressIssues(address: AddressFieldValues): AddressIssue[] {
  const issues: AddressIssue[] = [];
  const add = (field: AddressField, message: string) => {
    if (!issues.some((issue) => issue.field === field)) issues.push({ field, message });
  };
  const required = [
    ['name', ADDRESS_MESSAGES.name],
    ['line1', ADDRESS_MESSAGES.line1],
    ['city', ADDRESS_MESSAGES.city],
  ] as const;
  for (const [field, missing] of required) {
    const value = address[field].trim();
    if (!value) add(field, missing);
    else if (length(value) > ADDRESS_TEXT_MAX) add(field, ADDRESS_MESSAGES.textTooLong);
  }
  for (const field of ['company', 'line2'] as const) {
    if (length(address[field].trim()) > ADDRESS_TEXT_MAX) add(field, ADDRESS_MESSAGES.textTooLong);
  }
  const country = countryCodeOf(address.country);
  if (!country) add('country', address.country.trim() ? ADDRESS_MESSAGES.unknownCountry : ADDRESS_MESSAGES.country);
  const state = address.state.trim();
  const postalCode = asciiUpper(address.postal_code.trim());
  if (country === 'US') {
    if (!state) add('state', ADDRESS_MESSAGES.usState);
    else if (!isUsState(state)) add('state', ADDRESS_MESSAGES.unknownUsState);
    if (!isUsZip(postalCode)) add('postal_code', ADDRESS_MESSAGES.usZip);
  } else if (!postalCode) {
    add('postal_code', ADDRESS_MESSAGES.postalCode);
  } else if (postalCode.length > POSTAL_CODE_MAX || !/^[A-Z0-9 -]+$/.test(postalCode)) {
    add('postal_code', ADDRESS_MESSAGES.badPostalCode);
  }
  if (length(state) > STATE_MAX) add('state', ADDRESS_MESSAGES.stateTooLong);
  const phone = address.phone.trim();
  if (!phone) add('phone', ADDRESS_MESSAGES.phone);
  else if (!isPhone(phone)) add('phone', ADDRESS_MESSAGES.badPhone);
  return issues;
}

/** The zod fields of an address form (trimmed strings); check them with `refineAddress`. */
export const addressFieldsShape = {
  name: z.string().trim(),
  company: z.string().trim(),
  line1: z.string().trim(),
  line2: z.string().trim(),
  city: z.string().trim(),
  state: z.string().trim(),
  postal_code: z.string().trim(),
  country: z.string().trim(),
  phone: z.string().trim(),
};

/** Adds the address rules to an object schema holding the address fields (`.superRefine(refineAddress)`). */
export function refineAddress<T extends AddressFieldValues>(values: T, ctx: z.RefinementCtx<T>): void {
  for (const issue of addressIssues(values)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
}

/** An address on its own: its fields and every rule. */
export const addressFieldsSchema = z.object(addressFieldsShape).superRefine(refineAddress);
