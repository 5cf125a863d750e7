const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** The only way money is shown: integer minor units (cents) + ISO-4217 code → "$1,234.50". */
export function formatMoney(cents: number, currency = 'USD'): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`formatMoney expects integer cents, got ${cents}`);
  const formatter = formatterFor(currency);
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(cents / 10 ** digits);
}

/**
 * What someone typed as an amount of dollars ("1,234.50", "$99") → integer cents; `null` when
 * empty, `'invalid'` when it is not an amount with at most two decimals.
 */
export function dollarsToCents(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(/[$,\s]/g, '');
  if (!trimmed) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return 'invalid';
  return Math.round(Number(trimmed) * 100);
}

/** Integer cents → the plain dollar amount a form field shows ("1234.5" → "1234.50"; whole dollars without decimals). */
export function centsToDollars(cents: number | null): string {
  if (cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
