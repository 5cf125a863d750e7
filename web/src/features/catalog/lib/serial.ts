/** Device serial numbers (SPEC §4.2): 12 characters A–Z 0–9 shown in groups of four, `XXXX-XXXX-XXXX`. */
export const SERIAL_PATTERN = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

export const SERIAL_FORMAT_HINT = 'Serial numbers look like 1234-ABCD-5678 (12 letters and digits).';

/**
 * Upper-cases the input, drops spaces and hyphens and regroups it as `XXXX-XXXX-XXXX`.
 * Returns null when what is left is not 12 letters and digits.
 */
export function normaliseSerial(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]+/g, '');
  if (!/^[A-Z0-9]{12}$/.test(compact)) return null;
  return `${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8, 12)}`;
}
