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
