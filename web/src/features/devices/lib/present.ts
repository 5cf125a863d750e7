import type { Device, WarrantyState } from '@/lib/resources/devices/types';
import { formatDay } from '@/lib/time-format';

/** Megabytes as people read them: `900 MB`, `12.5 GB`, `1.2 TB`. */
export function formatData(mb: number): string {
  if (mb < 1024) return `${mb} MB`;
  const gb = mb / 1024;
  if (gb < 1024) return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`;
  const tb = gb / 1024;
  return `${Number.isInteger(tb) ? tb : tb.toFixed(1)} TB`;
}

/** Whole days from `now` until `iso` (negative once past). */
export function daysUntil(iso: string, now: Date = new Date()): number {
  const end = Date.parse(iso);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((end - today) / 86_400_000);
}

export const WARRANTY_LABELS: Record<WarrantyState, { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' }> = {
  active: { label: 'Covered', tone: 'success' },
  expiring: { label: 'Expiring soon', tone: 'warning' },
  grace: { label: 'Grace period', tone: 'danger' },
  expired: { label: 'Expired', tone: 'neutral' },
};

export function warrantyState(device: Pick<Device, 'warranty_state'>): WarrantyState {
  return device.warranty_state as WarrantyState;
}

/** What the short "Grace period" badge means, to show next to it: the last day a renewal continues with no gap. */
export function graceNote(device: Pick<Device, 'warranty_ends_at'>): string {
  const last = new Date(Date.parse(device.warranty_ends_at) + 30 * 86_400_000).toISOString();
  return `Renew by ${formatDay(last)} and coverage continues with no gap.`;
}

/** One sentence on where the coverage stands. */
export function coverageSentence(device: Pick<Device, 'warranty_state' | 'warranty_ends_at'>, now = new Date()): string {
  const days = daysUntil(device.warranty_ends_at, now);
  const on = formatDay(device.warranty_ends_at);
  switch (warrantyState(device)) {
    case 'active':
      return `Covered until ${on}.`;
    case 'expiring':
      return days === 0 ? `Coverage ends today (${on}).` : `Coverage ends in ${days} ${days === 1 ? 'day' : 'days'}, on ${on}.`;
    case 'grace':
      return `Coverage ended on ${on}. Renew within ${30 + days} ${30 + days === 1 ? 'day' : 'days'} and it continues from that date, with no gap.`;
    default:
      return `Coverage ended on ${on}. A renewal now starts on the day you buy it.`;
  }
}

export type BuyPurpose = 'licence' | 'warranty' | 'plan';

/** The "buy for this device" links: the eligible products with the serial filled in. */
export function buyLinks(device: Pick<Device, 'serial' | 'prime'>): { purpose: BuyPurpose; label: string; href: string }[] {
  const href = (purpose: BuyPurpose) => `/products?${new URLSearchParams({ serial: device.serial, for: purpose }).toString()}`;
  return [
    { purpose: 'warranty', label: device.prime ? 'Renew PrimeCare' : 'Renew or extend warranty', href: href('warranty') },
    { purpose: 'licence', label: 'Buy a licence', href: href('licence') },
    { purpose: 'plan', label: 'Buy a cloud plan', href: href('plan') },
  ];
}

/** The name a device goes by: its own, else its model's. */
export function deviceTitle(device: Pick<Device, 'name' | 'model'>): string {
  return device.name.trim() || device.model.name;
}
