import { centsToDollars, dollarsToCents } from '@/lib/money';
import { z } from '@/lib/zod';
import type { AdminCoupon, CouponInput } from '../api/types';

export interface CouponFormValues {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent as typed (15 = 15 %). */
  percent: string;
  /** Dollars as typed. */
  amount: string;
  description: string;
  active: boolean;
  /** `YYYY-MM-DDTHH:mm` of a datetime-local input (the browser's time zone), or empty. */
  startsAt: string;
  endsAt: string;
  minSubtotal: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  storeCode: string;
}

export function emptyCouponValues(): CouponFormValues {
  return { code: '', kind: 'percent', percent: '', amount: '', description: '', active: true, startsAt: '', endsAt: '', minSubtotal: '', maxUses: '', maxUsesPerCustomer: '', storeCode: '' };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An RFC 3339 time → the value of a datetime-local input, in the browser's zone. */
export function localInputOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value → RFC 3339 (UTC), or null when empty. */
export function isoOf(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function couponFormValues(c: AdminCoupon): CouponFormValues {
  return {
    code: c.code,
    kind: c.kind === 'fixed' ? 'fixed' : 'percent',
    percent: c.percent_bp === null || c.percent_bp === undefined ? '' : String(c.percent_bp / 100),
    amount: centsToDollars(c.amount_cents ?? null),
    description: c.description,
    active: c.active,
    startsAt: localInputOf(c.starts_at),
    endsAt: localInputOf(c.ends_at),
    minSubtotal: c.min_subtotal_cents ? centsToDollars(c.min_subtotal_cents) : '',
    maxUses: c.max_uses === null || c.max_uses === undefined ? '' : String(c.max_uses),
    maxUsesPerCustomer: c.max_uses_per_customer === null || c.max_uses_per_customer === undefined ? '' : String(c.max_uses_per_customer),
    storeCode: c.store_code ?? '',
  };
}

const intOrNull = (t: string) => (t.trim() ? Number(t.trim()) : null);

export function couponInputOf(v: CouponFormValues): CouponInput {
  const amount = dollarsToCents(v.amount);
  const min = dollarsToCents(v.minSubtotal);
  return {
    kind: v.kind,
    percent_bp: v.kind === 'percent' && v.percent.trim() ? Math.round(Number(v.percent) * 100) : null,
    amount_cents: v.kind === 'fixed' && typeof amount === 'number' ? amount : null,
    description: v.description.trim(),
    active: v.active,
    starts_at: isoOf(v.startsAt),
    ends_at: isoOf(v.endsAt),
    min_subtotal_cents: typeof min === 'number' ? min : 0,
    max_uses: intOrNull(v.maxUses),
    max_uses_per_customer: intOrNull(v.maxUsesPerCustomer),
    store_code: v.storeCode || null,
  };
}

export const couponSchema = z.custom<CouponFormValues>().superRefine((v, ctx) => {
  const issue = (path: keyof CouponFormValues, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.kind === 'percent' && !/^\d{1,3}(\.\d{1,2})?$/.test(v.percent.trim())) issue('percent', 'Enter a percentage, e.g. 15.');
  if (v.kind === 'fixed' && typeof dollarsToCents(v.amount) !== 'number') issue('amount', 'Enter an amount in dollars, e.g. 25.');
  if (v.minSubtotal.trim() && dollarsToCents(v.minSubtotal) === 'invalid') issue('minSubtotal', 'Enter an amount in dollars, or leave it empty.');
  for (const key of ['maxUses', 'maxUsesPerCustomer'] as const) {
    if (v[key].trim() && !/^\d{1,9}$/.test(v[key].trim())) issue(key, 'Enter a whole number, or leave it empty for no limit.');
  }
});

export const COUPON_FIELDS: Record<string, keyof CouponFormValues> = {
  code: 'code',
  kind: 'kind',
  percent_bp: 'percent',
  amount_cents: 'amount',
  description: 'description',
  active: 'active',
  starts_at: 'startsAt',
  ends_at: 'endsAt',
  min_subtotal_cents: 'minSubtotal',
  max_uses: 'maxUses',
  max_uses_per_customer: 'maxUsesPerCustomer',
  store_code: 'storeCode',
};
