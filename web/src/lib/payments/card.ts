/**
 * Card rules of SPEC §6, the same as the gateway's (uplink_domain::checkout::card):
 * brand from the leading digits, allowed lengths, Luhn, expiry, CVC length.
 */
export type CardBrand = 'American Express' | 'MasterCard' | 'Visa' | 'UnionPay';

export const BRAND_LENGTHS: Record<CardBrand, number[]> = {
  'American Express': [15],
  Visa: [13, 16, 19],
  MasterCard: [16],
  UnionPay: [16, 17, 18, 19],
};

export function digitsOf(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function detectBrand(input: string): CardBrand | null {
  const d = digitsOf(input);
  if (!/^\d+$/.test(d)) return null;
  const two = Number(d.slice(0, 2));
  const four = Number(d.slice(0, 4));
  if (d.length >= 2 && (two === 34 || two === 37)) return 'American Express';
  if (d.startsWith('4')) return 'Visa';
  if ((d.length >= 2 && two >= 51 && two <= 55) || (d.length >= 4 && four >= 2221 && four <= 2720)) return 'MasterCard';
  if (d.length >= 2 && two === 62) return 'UnionPay';
  return null;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cvcLength(brand: CardBrand | null): number {
  return brand === 'American Express' ? 4 : 3;
}

/** Groups the digits as printed on the card (Amex 4-6-5, others in fours). */
export function formatCardNumber(input: string): string {
  const d = digitsOf(input).replace(/\D/g, '').slice(0, 19);
  if (detectBrand(d) === 'American Express') {
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  }
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export interface CardErrors {
  number?: string;
  expiry?: string;
  cvc?: string;
}

/** Parses `MM/YY` or `MM/YYYY`. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!m) return null;
  const month = Number(m[1]);
  let year = Number(m[2]);
  if (year < 100) year += 2000;
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export function checkCard(number: string, expiry: string, cvc: string, today = new Date()): CardErrors {
  const errors: CardErrors = {};
  const d = digitsOf(number);
  const brand = detectBrand(d);
  if (!/^\d+$/.test(d)) errors.number = 'Enter the card number.';
  else if (!brand) errors.number = 'We accept American Express, MasterCard, Visa and UnionPay cards.';
  else if (!BRAND_LENGTHS[brand].includes(d.length))
    errors.number = `A ${brand} card number has ${lengthsText(BRAND_LENGTHS[brand])} digits.`;
  else if (!luhnValid(d)) errors.number = 'This card number is not valid; check for typos.';
  const exp = parseExpiry(expiry);
  if (!exp) errors.expiry = 'Enter the expiry date as MM/YY.';
  else {
    const now = today.getFullYear() * 12 + today.getMonth();
    if (exp.year * 12 + (exp.month - 1) < now) errors.expiry = 'This card has expired.';
  }
  const want = cvcLength(brand);
  if (!new RegExp(`^\\d{${want}}$`).test(cvc.trim())) errors.cvc = `The security code has ${want} digits.`;
  return errors;
}

function lengthsText(l: number[]): string {
  const first = l[0] ?? 0;
  const last = l[l.length - 1] ?? 0;
  if (l.length === 1) return String(first);
  if (l.length === 2) return `${first} or ${last}`;
  if (l.every((n, i) => i === 0 || n === (l[i - 1] ?? 0) + 1)) return `${first} to ${last}`;
  return `${l.slice(0, -1).join(', ')} or ${last}`;
}
