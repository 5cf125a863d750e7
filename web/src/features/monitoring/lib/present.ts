import { formatMegabytes } from '@/lib/bytes';
import { formatDateTime, formatDay, formatLongDay } from '@/lib/time-format';
import type { UsageAlert, UsageItem, UsageKind, UsageSfc } from '../api/types';

const DAY_MS = 86_400_000;

/** Milliseconds of a `YYYY-MM-DD` day or an RFC 3339 time; NaN when unreadable. */
function timeOf(value: string): number {
  return Date.parse(value);
}

/** Whole UTC days from `today` (`YYYY-MM-DD`) to the day of `value` (negative once past). */
export function daysBetween(today: string, value: string): number {
  const from = timeOf(today.slice(0, 10));
  const to = timeOf(value.slice(0, 10));
  return Math.round((to - from) / DAY_MS);
}

const KIND_LABELS: Record<UsageKind, string> = {
  subscription: 'Subscription',
  esim: 'eSIM',
  pool: 'Data pool',
};

export function kindLabel(kind: UsageKind): string {
  return KIND_LABELS[kind];
}

/** What the item is attached to, as label + value: the device, the eSIM or the pool's members. */
export function usageSubject(item: Pick<UsageItem, 'kind' | 'serial' | 'device_name' | 'iccid' | 'members'>): {
  label: string;
  value: string;
} {
  switch (item.kind) {
    case 'subscription': {
      const name = item.device_name?.trim();
      const serial = item.serial ?? 'no device';
      return { label: 'Device', value: name ? `${serial} — ${name}` : serial };
    }
    case 'esim':
      return { label: 'ICCID', value: item.iccid ?? 'unknown' };
    case 'pool': {
      const count = item.members.length;
      return { label: 'Shared by', value: count === 1 ? '1 eSIM' : `${count} eSIMs` };
    }
  }
}

/**
 * Whether the item has no data at all yet: an eSIM profile bought without a data bundle (no
 * allowance, nothing used). Its card offers a bundle instead of a meter at 100 %.
 */
export function hasNoDataYet(item: Pick<UsageItem, 'unlimited' | 'allowance_mb' | 'used_mb'>): boolean {
  return !item.unlimited && item.allowance_mb === 0 && item.used_mb === 0;
}

/** Share of the allowance used, 0–100 (whole per cent, capped); null when unlimited. */
export function usedPercent(item: Pick<UsageItem, 'unlimited' | 'allowance_mb' | 'used_mb'>): number | null {
  if (item.unlimited || item.allowance_mb == null) return null;
  if (item.allowance_mb <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((item.used_mb / item.allowance_mb) * 100)));
}

export type MeterTone = 'ok' | 'warning' | 'danger';

/** The meter's colour: amber from 75% used (or when the alert threshold is reached), red from 90%. */
export function meterTone(item: Pick<UsageItem, 'unlimited' | 'allowance_mb' | 'used_mb' | 'alert'>): MeterTone {
  const percent = usedPercent(item) ?? 0;
  if (percent >= 90) return 'danger';
  if (percent >= 75 || item.alert?.reached) return 'warning';
  return 'ok';
}

/** The meter's spoken value: `23 GB of 100 GB used (23%)`. */
export function meterText(item: Pick<UsageItem, 'unlimited' | 'allowance_mb' | 'used_mb'>): string {
  const percent = usedPercent(item);
  if (percent == null || item.allowance_mb == null) return `${formatMegabytes(item.used_mb)} used, unlimited data`;
  return `${formatMegabytes(item.used_mb)} of ${formatMegabytes(item.allowance_mb)} used (${percent}%)`;
}

/** `1 Oct 2026 – 1 Oct 2027` (or `Since 1 Oct 2026` without an end). */
export function periodText(item: Pick<UsageItem, 'period_start' | 'period_end'>): string {
  if (!item.period_end) return `Since ${formatDay(item.period_start)}`;
  return `${formatDay(item.period_start)} – ${formatDay(item.period_end)}`;
}

/** `309 days left` / `Ends today` / `Ended 3 days ago`, counted from the server's `today`; null without an end. */
export function periodLeftText(item: Pick<UsageItem, 'period_end'>, today: string): string | null {
  if (!item.period_end) return null;
  const days = daysBetween(today, item.period_end);
  if (days > 1) return `${days} days left`;
  if (days === 1) return '1 day left';
  if (days === 0) return 'Ends today';
  return days === -1 ? 'Ended yesterday' : `Ended ${-days} days ago`;
}

export type RunOutTone = 'neutral' | 'ok' | 'warning' | 'danger';

/**
 * The projected run-out, as a sentence with its tone:
 * - unlimited: nothing runs out;
 * - nothing left: used up, top up;
 * - no projection (`run_out_on` null): not enough recent use;
 * - a run-out after the period's end: the data lasts the period;
 * - otherwise: "At this rate, runs out on 3 May 2027." (today: "runs out today"), amber, red within a week.
 */
export function runOutText(
  item: Pick<UsageItem, 'unlimited' | 'remaining_mb' | 'run_out_on' | 'period_end'>,
  today: string,
): { text: string; tone: RunOutTone } {
  if (item.unlimited) return { text: 'Unlimited data: nothing runs out.', tone: 'neutral' };
  if (item.remaining_mb != null && item.remaining_mb <= 0) {
    return { text: 'All the data is used up. Top up to keep the connection going.', tone: 'danger' };
  }
  if (!item.run_out_on) return { text: 'Not enough recent use to project a run-out date.', tone: 'neutral' };
  if (item.period_end && daysBetween(item.period_end, item.run_out_on) >= 0) {
    return {
      text: `At this rate, the data lasts until the period ends on ${formatLongDay(item.period_end)}.`,
      tone: 'ok',
    };
  }
  const days = daysBetween(today, item.run_out_on);
  if (days <= 0) return { text: 'At this rate, runs out today.', tone: 'danger' };
  return {
    text: `At this rate, runs out on ${formatLongDay(item.run_out_on)}.`,
    // Running out before the period ends is worth a look; within a week, urgently.
    tone: days <= 7 ? 'danger' : 'warning',
  };
}

/** `When 10% of the data is left` / `When 2 GB is left`. */
export function alertThresholdText(alert: Pick<UsageAlert, 'kind' | 'value'>): string {
  return alert.kind === 'percent'
    ? `when ${alert.value}% of the data is left`
    : `when ${formatMegabytes(alert.value)} is left`;
}

/** Auto-renewal in words: `On — charged to your saved card` / `Off`. */
export function autoRenewText(sfc: Pick<UsageSfc, 'auto_renew' | 'auto_renew_method'>): string {
  if (!sfc.auto_renew) return 'Off';
  switch (sfc.auto_renew_method) {
    case 'card':
      return 'On — charged to your saved card';
    case 'credit_terms':
      return 'On — invoiced on your credit terms';
    default:
      return 'On';
  }
}

/**
 * Where an item's low-data alert stands, as sentences: off; on with its threshold; already reached
 * (and whether that sent an e-mail); when the last e-mail went out.
 */
export function alertStatusText(alert: UsageAlert | null | undefined, remainingMb: number | null | undefined): string[] {
  if (!alert) return ['Off. Choose a threshold below and we’ll e-mail you when the data runs low.'];
  const threshold = alertThresholdText(alert);
  const lines: string[] = [];
  if (alert.reached) {
    const left = remainingMb == null ? '' : ` (${formatMegabytes(Math.max(0, remainingMb))} left)`;
    lines.push(`Already reached${left}: the data is at or below your threshold, ${threshold}.`);
    lines.push(
      alert.last_sent_at
        ? `We e-mailed you about it on ${formatDateTime(alert.last_sent_at)}. After a top-up lifts the data above the threshold, we’ll e-mail you again the next time it runs low.`
        : 'No e-mail goes out for a threshold that was already reached when it was set. After a top-up lifts the data above it, we’ll e-mail you the next time it runs low.',
    );
    return lines;
  }
  lines.push(`On: we’ll e-mail you ${threshold}.`);
  if (alert.last_sent_at) lines.push(`Last e-mail sent on ${formatDateTime(alert.last_sent_at)}.`);
  return lines;
}

/**
 * The plans whose stacking /monitoring previews for a device: its top-up (when that is bound to the
 * device) and the plan it has now (a renewal), each once.
 */
export function stackingCandidates(item: Pick<UsageItem, 'sku' | 'name' | 'top_up'>): { sku: string; name: string }[] {
  const candidates: { sku: string; name: string }[] = [];
  if (item.top_up && item.top_up.option_code === 'serial_numbers') {
    candidates.push({ sku: item.top_up.sku, name: item.top_up.name });
  }
  if (!candidates.some((plan) => plan.sku === item.sku)) candidates.push({ sku: item.sku, name: item.name });
  return candidates;
}

/** `Expires on 1 October 2027, in 309 days` / `Expires today` / `Expired on … ` from the server's `today`. */
export function expiryText(expiresAt: string, today: string): string {
  const days = daysBetween(today, expiresAt);
  const on = formatLongDay(expiresAt);
  if (days > 1) return `${on}, in ${days} days`;
  if (days === 1) return `${on}, tomorrow`;
  if (days === 0) return `${on}, today`;
  return `${on}, ${-days === 1 ? 'yesterday' : `${-days} days ago`}`;
}
