const formatters = new Map<string, { format: (amount: number) => string; digits: number }>();

function formatterFor(currency: string) {
  let formatter = formatters.get(currency);
  if (!formatter) {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatter = { format: (amount) => intl.format(amount), digits: intl.resolvedOptions().maximumFractionDigits ?? 2 };
    formatters.set(currency, formatter);
  }
  return formatter;
}

/**
 * US dollars exactly as `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` writes
 * them ("$1,234.50", "-$0.99"), without building that formatter: the first Intl formatter of a page
 * loads the locale's data, and on the home page it was the largest piece of script after the first
 * paint (about 135 ms on a throttled phone, issue 33). Every store sells in USD (SPEC §2); any
 * other currency goes through Intl.
 */
function formatUsd(cents: number): string {
  const abs = Math.abs(cents);
  const rest = abs % 100;
  const dollars = String((abs - rest) / 100).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(rest).padStart(2, '0')}`;
}

/** The only way money is shown: integer minor units (cents) + ISO-4217 code → "$1,234.50". */
export function formatMoney(cents: number, currency = 'USD'): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`formatMoney expects integer cents, got ${cents}`);
  if (currency === 'USD') return formatUsd(cents);
  const formatter = formatterFor(currency);
  return formatter.format(cents / 10 ** formatter.digits);
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
