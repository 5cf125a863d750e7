/**
 * Every date and time people read (#33): the only module that builds an `Intl.DateTimeFormat`
 * (ESLint forbids one anywhere else in src). Two kinds of value:
 * - calendar days (`2027-05-03`, a period end, a coverage end, valid-until): whole UTC days, shown
 *   as that day wherever the reader is, in one fixed style ("3 May 2027");
 * - instants (when something happened, a deadline): in the browser's time zone.
 * Both in the store's one style, day before month ("3 May 2027", "21 Nov 2026, 18:30"), so a page that
 * shows both kinds reads as one.
 * A value that is not a date comes back as it is (empty for null or undefined).
 */
type DateValue = string | number | Date | null | undefined;

/**
 * A formatter built on first use, then kept: building one loads the locale's data, tens of
 * milliseconds on a phone, which a page that shows no date should not pay while it loads.
 */
function lazy<T>(build: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= build());
}

const utcDay = lazy(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
);
const utcLongDay = lazy(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
);
const utcDayMonth = lazy(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }));
const utcWeekday = lazy(
  () => new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
);
const dateTime = lazy(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }));
const dateOnly = lazy(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }));
const timeOnly = lazy(() => new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' }));
const timeWithSeconds = lazy(() => new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' }));
const relative = lazy(() => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));

/** `value` in `format`, or `value` itself when it is not a readable date. */
function formatWith(format: () => Intl.DateTimeFormat, value: DateValue): string {
  if (value == null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (!Number.isNaN(date.getTime())) return format().format(date);
  return typeof value === 'string' ? value : '';
}

/** A calendar day, UTC: `2027-05-03` or `2027-05-03T00:00:00Z` → `3 May 2027` (short month). */
export const formatDay = (value: DateValue): string => formatWith(utcDay, value);

/** A calendar day, UTC, with the long month: `2027-05-03` → `3 May 2027`, `2028-03-14` → `14 March 2028`. */
export const formatLongDay = (value: DateValue): string => formatWith(utcLongDay, value);

/** A calendar day, UTC, without the year (chart axis): `2026-11-26` → `26 Nov`. */
export const formatDayMonth = (value: DateValue): string => formatWith(utcDayMonth, value);

/** A calendar day, UTC, with its weekday (table rows): `2026-11-26` → `Thu 26 Nov`. */
export const formatWeekday = (value: DateValue): string => formatWith(utcWeekday, value);

/** An instant's date and time in the browser's zone: `2026-11-21T18:30:00Z` → "21 Nov 2026, 18:30" (in UTC). */
export const formatDateTime = (value: DateValue): string => formatWith(dateTime, value);

/** An instant's day in the browser's zone: `2026-11-21T18:30:00Z` → "21 Nov 2026" (in UTC). */
export const formatDate = (value: DateValue): string => formatWith(dateOnly, value);

/** An instant's time of day in the browser's zone: "18:30", or "18:30:05" with `seconds`. */
export const formatTime = (value: DateValue, { seconds = false }: { seconds?: boolean } = {}): string =>
  formatWith(seconds ? timeWithSeconds : timeOnly, value);

/** "5 minutes ago", "yesterday". */
export function formatAgo(iso: string, now: number = Date.now()): string {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return iso;
  const seconds = Math.round((t - now) / 1000);
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative().format(Math.round(seconds / size), unit);
  }
  return relative().format(seconds, 'second');
}
