/**
 * The coverage a warranty or care plan would give a device, as delivery computes it (SPEC §4.2,
 * crates/domain plans.rs `renewal_period`): bought before the current end or within 30 days after
 * it, the renewal starts the day after the old end; later, on the purchase date. It runs for the
 * plan's term in calendar months (the day clamped to the month's last day).
 */

const GRACE_DAYS = 30;
const DAY_MS = 86_400_000;

function utcDay(iso: string): number {
  return Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10));
}

function addMonths(dayMs: number, months: number): number {
  const d = new Date(dayMs);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(d.getUTCDate(), last));
}

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export interface Coverage {
  /** The renewal's first day (YYYY-MM-DD). */
  starts: string;
  /** The new end of coverage (YYYY-MM-DD). */
  ends: string;
  /** True when it continues the current coverage without a gap. */
  continuous: boolean;
}

/** The coverage a care plan of `termMonths` bought `today` gives a device covered until `currentEnd`. */
export function newCoverage(currentEnd: string, termMonths: number, today: Date): Coverage {
  const expires = utcDay(currentEnd);
  const purchased = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const continuous = purchased - expires <= GRACE_DAYS * DAY_MS;
  const start = continuous ? expires + DAY_MS : purchased;
  return { starts: iso(start), ends: iso(addMonths(start, termMonths)), continuous };
}
