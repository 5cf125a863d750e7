/** eSIM ICCIDs: 19 or 20 digits whose last digit is a Luhn check digit. */
export const ICCID_FORMAT_HINT = 'The ICCID is the 19- or 20-digit number printed on the SIM card or shown in your eSIM settings.';

/** Drops spaces and hyphens people copy along with the number. */
export function normaliseIccid(input: string): string {
  return input.replace(/[\s-]+/g, '');
}

/** The Luhn (mod 10) check over every digit, the last one being the check digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type IccidProblem = 'format' | 'checksum';

/** Why an (already normalised) ICCID is not acceptable, or null when it is. */
export function iccidProblem(iccid: string): IccidProblem | null {
  if (!/^\d{19,20}$/.test(iccid)) return 'format';
  return passesLuhn(iccid) ? null : 'checksum';
}
