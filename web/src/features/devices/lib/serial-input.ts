/** Serial numbers as the customer types them (SPEC §4.2): `XXXX-XXXX-XXXX`, 12 letters and digits. */

export const SERIAL_HINT = '12 letters and digits, like 1824-ABCD-0001, on the label under the device.';

/** Normalises as you type: upper case, spaces and stray characters dropped, hyphens after each group of 4. */
export function formatSerialInput(raw: string): string {
  const chars = raw.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 12);
  return chars.match(/.{1,4}/g)?.join('-') ?? '';
}

/** The normalised serial once all 12 characters are there, else null. */
export function completeSerial(raw: string): string | null {
  const formatted = formatSerialInput(raw);
  return formatted.length === 14 ? formatted : null;
}

/** What is wrong with `raw` as a serial number (null when it is complete). */
export function serialProblem(raw: string): string | null {
  if (!raw.trim()) return 'Enter the serial number printed on the device label.';
  if (/[^A-Za-z0-9\s-]/.test(raw)) return 'Serial numbers have only letters and digits. ' + SERIAL_HINT;
  const count = raw.replace(/[^A-Za-z0-9]/g, '').length;
  if (count < 12) return `That’s ${count} of 12 characters. ` + SERIAL_HINT;
  if (count > 12) return 'That’s more than 12 characters. ' + SERIAL_HINT;
  return null;
}
