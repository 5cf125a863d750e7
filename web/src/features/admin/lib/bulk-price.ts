import type { BulkPriceRequest } from '../api/types';

/**
 * What staff typed as a bulk change → the API's change: percent as basis points (`-10` → -1000,
 * `2.5` → 250), an amount in dollars as cents (`-5` → -500). Zero is no change and refused.
 */
export function parseBulkChange(kind: 'percent' | 'amount', typed: string): BulkPriceRequest['change'] | { error: string } {
  const text = typed.trim().replace(/^\+/, '').replace(/[−–]/, '-').replace(/[%$\s]/g, '');
  if (!/^-?\d{1,7}(\.\d{1,2})?$/.test(text)) {
    return { error: kind === 'percent' ? 'Enter a percentage such as -10 or 5.5.' : 'Enter an amount in dollars such as -5 or 12.50.' };
  }
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  const value = negative ? -hundredths : hundredths;
  if (value === 0) return { error: 'Enter a change other than zero.' };
  if (kind === 'percent' && (value < -9_999 || value > 100_000)) return { error: 'Between −99.99 % and +1000 %.' };
  if (kind === 'amount' && Math.abs(value) > 100_000_000) return { error: 'At most $1,000,000 either way.' };
  return { kind, value };
}
