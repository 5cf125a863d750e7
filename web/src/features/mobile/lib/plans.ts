import type { components } from '@/lib/api/schema';

type ProductCard = components['schemas']['ProductCard'];
type UsageItem = components['schemas']['UsageItem'];

/** The label of products made for the app (SPEC §4.1, fixed name). */
export const APP_LABEL = 'SFC_APP_VPN';
/** The care and warranty category (care plans extend a device's coverage, SPEC §4.2). */
export const CARE_CATEGORY = 'care-warranty';
const PLAN_TYPES = new Set(['cloud', 'cloud-connect', 'cloud-unlimited']);

/** A plan for a device on the product-plans page: the app's products and the cloud plans. */
export function isDevicePlan(p: Pick<ProductCard, 'type' | 'labels'>): boolean {
  return PLAN_TYPES.has(p.type) || p.labels.includes(APP_LABEL);
}

/** A warranty or care product (its main category is care & warranty). */
export function isCareProduct(p: Pick<ProductCard, 'category' | 'type'>): boolean {
  return p.category === CARE_CATEGORY;
}

/** Days from `today` (YYYY-MM-DD or ISO) until `day`. */
export function daysUntil(day: string, today: Date): number {
  const target = Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((target - now) / 86_400_000);
}

/** Items the usage monitor projects to run out within `days` days (soonest first), with a top-up to offer. */
export function runningOut(items: UsageItem[], today: Date, days = 7): UsageItem[] {
  return items
    .filter((i) => i.run_out_on && i.top_up && daysUntil(i.run_out_on, today) <= days)
    .sort((a, b) => (a.run_out_on ?? '').localeCompare(b.run_out_on ?? ''));
}

/** "today", "tomorrow", "in 5 days", "5 days ago". */
export function relativeDays(n: number): string {
  if (n === 0) return 'today';
  if (n === 1) return 'tomorrow';
  if (n === -1) return 'yesterday';
  return n > 0 ? `in ${n} days` : `${-n} days ago`;
}
