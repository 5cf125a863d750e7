const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const DAY_TIME = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** Valid-until is the end of a day in UTC: shown as that day, wherever the reader is. */
const UTC_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "26 Nov 2026" in the reader's time zone. */
export const formatDay = (iso: string) => DAY.format(new Date(iso));

/** "26 Nov 2026, 14:05" in the reader's time zone. */
export const formatDayTime = (iso: string) => DAY_TIME.format(new Date(iso));

/** The last day quoted prices hold. */
export const formatValidUntil = (iso: string) => UTC_DAY.format(new Date(iso));

/** `YYYY-MM-DD` of an instant in UTC (a date input's value for valid-until). */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Whole days from `iso` until `now` (0 on the same day). */
export function daysSince(iso: string, now = Date.now()): number {
  return Math.max(0, Math.floor((now - new Date(iso).getTime()) / 86_400_000));
}

/** "Router and 2 more". */
export function itemsText(first: string | null | undefined, count: number): string {
  const name = first?.trim() || (count === 1 ? '1 item' : `${count} items`);
  if (!first?.trim()) return name;
  return count > 1 ? `${name} and ${count - 1} more` : name;
}
