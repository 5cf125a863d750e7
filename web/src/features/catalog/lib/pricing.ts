import { formatMoney } from '@/lib/money';
import type { OptionValue, PriceDelta } from '../api/types';

/** Half-up rounding of `cents × bp / 10 000` (SPEC §2), in integers. */
export function percentOf(cents: number, basisPoints: number): number {
  const product = cents * basisPoints;
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) + 5_000) / 10_000);
}

export function deltaCents(delta: PriceDelta | null | undefined, baseCents: number): number {
  if (!delta) return 0;
  return delta.kind === 'percent' ? percentOf(baseCents, delta.basis_points) : delta.amount.cents;
}

/** "+$20.00", "−$5.00" or "+10%" — empty when the choice does not change the price. */
export function describeDelta(delta: PriceDelta | null | undefined): string {
  if (!delta) return '';
  const value = delta.kind === 'percent' ? delta.basis_points : delta.amount.cents;
  if (value === 0) return '';
  const sign = value > 0 ? '+' : '−';
  if (delta.kind === 'percent') {
    const percent = Math.abs(value) / 100;
    return `${sign}${Number.isInteger(percent) ? percent : percent.toFixed(2)}%`;
  }
  return `${sign}${formatMoney(Math.abs(value), delta.amount.currency)}`;
}

/** The unit price after the chosen option values' deltas (each computed on the base price). */
export function unitPrice(baseCents: number, chosen: readonly (OptionValue | undefined)[]): number {
  return chosen.reduce((sum, value) => sum + deltaCents(value?.price_delta, baseCents), baseCents);
}

/** "100 GB", "500 MB" or "Unlimited" for a data allowance in MB. */
export function formatAllowance(mb: number | null | undefined): string {
  if (mb === null || mb === undefined) return 'Unlimited data';
  if (mb >= 1024 && mb % 1024 === 0) return `${mb / 1024} GB`;
  if (mb >= 1000 && mb % 1000 === 0) return `${mb / 1000} GB`;
  return `${mb} MB`;
}

/** "1 year", "6 months", "30 days". */
export function formatValidity(days: number | null | undefined, months?: number | null): string {
  if (months) return months % 12 === 0 ? `${months / 12} year${months === 12 ? '' : 's'}` : `${months} months`;
  if (!days) return '';
  if (days % 365 === 0) return `${days / 365} year${days === 365 ? '' : 's'}`;
  if (days % 30 === 0 && days >= 60) return `${days / 30} months`;
  return `${days} days`;
}
