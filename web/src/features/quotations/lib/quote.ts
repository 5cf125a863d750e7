/**
 * A quoted line price (SPEC §9), as sales set it and as the server computes it
 * (crates/domain/src/quotations.rs `quoted_total`): a percentage off (in basis points,
 * rounded half up to the cent), an amount off the line, or a proposed total for the line;
 * never negative, never above the catalogue subtotal.
 */
import { dollarsToCents, formatMoney } from '@/lib/money';
import type { LineQuote } from '@/lib/resources/quotations/types';

export type QuoteKind = 'catalogue' | LineQuote['kind'];

export const QUOTE_KINDS: readonly { value: QuoteKind; label: string }[] = [
  { value: 'catalogue', label: 'Catalogue price' },
  { value: 'percent_off', label: 'Percent off' },
  { value: 'amount_off', label: 'Amount off' },
  { value: 'proposed_total', label: 'Proposed total' },
];

/** "12.5 %" from 1,250 basis points. */
export function percentText(basisPoints: number): string {
  const value = basisPoints / 100;
  return `${Number.isInteger(value) ? value : String(value)} %`;
}

/** How a line was priced, in the buyer's words: "12.5 % off", "$50.00 off", "Proposed price". */
export function describeQuote(quote: LineQuote | null | undefined, currency = 'USD'): string {
  if (!quote) return 'Catalogue price';
  switch (quote.kind) {
    case 'percent_off':
      return `${percentText(quote.basis_points)} off`;
    case 'amount_off':
      return `${formatMoney(quote.cents, currency)} off`;
    case 'proposed_total':
      return 'Proposed price';
  }
}

/** `cents × bp / 10,000`, rounded half up to the cent (exact for any amount: BigInt). */
function percentOf(cents: number, basisPoints: number): number {
  const product = BigInt(cents) * BigInt(basisPoints);
  return Number((product + 5_000n) / 10_000n);
}

/** The line's quoted total for its catalogue `subtotal`, or why the quote does not fit it. */
export function quotedTotal(subtotal: number, quote: LineQuote | null): { total: number } | { error: string } {
  if (!quote) return { total: subtotal };
  switch (quote.kind) {
    case 'percent_off':
      if (quote.basis_points < 0 || quote.basis_points > 10_000) return { error: 'A percentage off is between 0 and 100.' };
      return { total: subtotal - percentOf(subtotal, quote.basis_points) };
    case 'amount_off':
      if (quote.cents < 0) return { error: 'An amount cannot be negative.' };
      if (quote.cents > subtotal) return { error: 'Take off at most the line’s catalogue price.' };
      return { total: subtotal - quote.cents };
    case 'proposed_total':
      if (quote.cents < 0) return { error: 'An amount cannot be negative.' };
      if (quote.cents > subtotal) return { error: 'Propose at most the line’s catalogue price.' };
      return { total: quote.cents };
  }
}

/** "12.5" → 1,250 basis points; `null` when empty, `'invalid'` when not a percentage with two decimals at most. */
export function percentToBasisPoints(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(/\s*%$/, '').replace(',', '.');
  if (!trimmed) return null;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return 'invalid';
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** What the editor's row holds: a kind and the text typed for it. */
export interface QuoteInput {
  kind: QuoteKind;
  value: string;
}

/** The typed row as the API's quote (`null`: catalogue price), or what is wrong with the text. */
export function quoteFromInput(input: QuoteInput): { quote: LineQuote | null } | { error: string } {
  if (input.kind === 'catalogue') return { quote: null };
  if (input.kind === 'percent_off') {
    const bp = percentToBasisPoints(input.value);
    if (bp === null) return { error: 'Enter the percentage off.' };
    if (bp === 'invalid' || bp > 10_000) return { error: 'Enter a percentage from 0 to 100, two decimals at most.' };
    return { quote: { kind: 'percent_off', basis_points: bp } };
  }
  const cents = dollarsToCents(input.value);
  if (cents === null) return { error: input.kind === 'amount_off' ? 'Enter the amount off in dollars.' : 'Enter the line’s price in dollars.' };
  if (cents === 'invalid') return { error: 'Enter an amount in dollars, two decimals at most.' };
  return { quote: { kind: input.kind, cents } };
}

/** The editor's starting row for a line's current quote. */
export function inputFromQuote(quote: LineQuote | null | undefined): QuoteInput {
  if (!quote) return { kind: 'catalogue', value: '' };
  if (quote.kind === 'percent_off') return { kind: 'percent_off', value: String(quote.basis_points / 100) };
  const cents = quote.cents;
  return { kind: quote.kind, value: cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2) };
}
