import { formatMegabytes } from '@/lib/bytes';
import { z } from '@/lib/zod';
import type { AlertRequest, UsageAlert } from '../api/types';

/** MB in a GB, as the API counts (SPEC: sizes in MB, 1 GB = 1024 MB). */
export const MB_PER_GB = 1024;

/** What the alert form holds: the choice, and the number typed for it (per cent or GB). */
export interface AlertFormValues {
  kind: 'off' | 'percent' | 'gb';
  value: string;
}

/** A number as typed: digits with an optional decimal point or comma; null when it isn't one. */
function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** GB typed → the MB the API takes (GB × 1024, to the nearest MB). */
export function gbToMb(gb: number): number {
  return Math.round(gb * MB_PER_GB);
}

/** MB → the GB shown in the field: at most two decimals, no trailing zeros (`2048` → `2`, `1536` → `1.5`). */
export function mbToGbText(mb: number): string {
  return String(Number((mb / MB_PER_GB).toFixed(2)));
}

export const PERCENT_MESSAGE = 'Enter a whole percentage from 1 to 99.';

/** The message for a GB threshold outside 1 MB … the allowance. */
export function gbMessage(allowanceMb: number): string {
  return `Enter an amount of data from 0.01 GB up to the plan’s ${formatMegabytes(allowanceMb)}.`;
}

/**
 * The alert form's schema for an item with `allowanceMb` of data: off; a whole per cent from 1 to
 * 99; or an amount in GB (decimals allowed) that is at least 1 MB and at most the allowance.
 */
export function alertSchema(allowanceMb: number) {
  return z
    .object({ kind: z.enum(['off', 'percent', 'gb']), value: z.string() })
    .superRefine(({ kind, value }, ctx) => {
      if (kind === 'off') return;
      const number = parseNumber(value);
      if (kind === 'percent') {
        if (number == null || !Number.isInteger(number) || number < 1 || number > 99) {
          ctx.addIssue({ code: 'custom', path: ['value'], message: PERCENT_MESSAGE });
        }
        return;
      }
      const mb = number == null ? 0 : gbToMb(number);
      if (mb < 1 || mb > allowanceMb) ctx.addIssue({ code: 'custom', path: ['value'], message: gbMessage(allowanceMb) });
    });
}

/** The request `PUT /me/usage/{id}/alert` takes for valid form values (GB sent as MB). */
export function toAlertRequest(values: AlertFormValues): AlertRequest {
  if (values.kind === 'off') return { kind: 'off' };
  const number = parseNumber(values.value) ?? 0;
  return values.kind === 'percent' ? { kind: 'percent', value: Math.round(number) } : { kind: 'mb', value: gbToMb(number) };
}

/**
 * The number the field starts with for `kind`: the item's own threshold when it is of that kind,
 * else 10% or a tenth of the allowance in GB.
 */
export function defaultValueFor(
  kind: AlertFormValues['kind'],
  alert: Pick<UsageAlert, 'kind' | 'value'> | null | undefined,
  allowanceMb: number,
): string {
  if (kind === 'percent') return alert?.kind === 'percent' ? String(alert.value) : '10';
  if (kind === 'gb') return alert?.kind === 'mb' ? mbToGbText(alert.value) : mbToGbText(Math.max(1, Math.round(allowanceMb / 10)));
  return '';
}

/** The form's starting values for the alert an item has. */
export function formValuesOf(
  alert: Pick<UsageAlert, 'kind' | 'value'> | null | undefined,
  allowanceMb: number,
): AlertFormValues {
  const kind = !alert ? 'off' : alert.kind === 'percent' ? 'percent' : 'gb';
  return { kind, value: defaultValueFor(kind, alert, allowanceMb) };
}
