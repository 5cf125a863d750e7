import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as TimeFormatModule from './time-format';

type TimeFormat = typeof TimeFormatModule;

/**
 * The module as a browser in `zone` loads it: its formatters read the time zone when they are
 * built, so each zone gets a fresh copy of the module.
 */
async function inZone(zone: string): Promise<TimeFormat> {
  vi.stubEnv('TZ', zone);
  vi.resetModules();
  return import('./time-format');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

// 03:05:09 UTC on 21 November is still 20 November in Los Angeles (19:05:09) and already
// 21 November in Tokyo (12:05:09).
const INSTANT = '2026-11-21T03:05:09Z';

describe('calendar days (UTC, one style)', () => {
  it.each(['UTC', 'America/Los_Angeles', 'Pacific/Auckland'])('shows the same day in %s', async (zone) => {
    const { formatDay, formatLongDay, formatDayMonth, formatWeekday } = await inZone(zone);
    expect(formatDay('2027-05-03')).toBe('3 May 2027');
    expect(formatDay('2027-03-14T00:00:00Z')).toBe('14 Mar 2027');
    expect(formatDay('2026-12-20T23:59:59.999Z')).toBe('20 Dec 2026');
    expect(formatLongDay('2028-03-14T00:00:00Z')).toBe('14 March 2028');
    expect(formatLongDay('2027-05-03')).toBe('3 May 2027');
    expect(formatDayMonth('2026-11-26')).toBe('26 Nov');
    expect(formatWeekday('2026-11-26')).toBe('Thu 26 Nov');
  });

  it('takes milliseconds and dates as well as strings', async () => {
    const { formatDay, formatDayMonth } = await inZone('America/Los_Angeles');
    expect(formatDayMonth(Date.UTC(2026, 10, 26))).toBe('26 Nov');
    expect(formatDay(new Date('2027-05-03T00:00:00Z'))).toBe('3 May 2027');
  });
});

describe('instants (the browser’s zone and locale)', () => {
  it('shows the day where the reader is', async () => {
    const west = await inZone('America/Los_Angeles');
    expect(west.formatDate(INSTANT)).toMatch(/\b20\b/);
    expect(west.formatDate(INSTANT)).not.toMatch(/\b21\b/);
    expect(west.formatDate(INSTANT)).toContain('2026');
    const east = await inZone('Asia/Tokyo');
    expect(east.formatDate(INSTANT)).toMatch(/\b21\b/);
  });

  it('shows the date and time, or the time alone, where the reader is', async () => {
    const { formatDateTime, formatTime } = await inZone('America/Los_Angeles');
    expect(formatDateTime(INSTANT)).toMatch(/\b20\b.*\b(7|19):05\b|\b(7|19):05\b.*\b20\b/);
    expect(formatDateTime(INSTANT)).toContain('2026');
    expect(formatDateTime(INSTANT)).not.toContain(':09');
    expect(formatTime(INSTANT)).toMatch(/^(7|19):05\b/);
    expect(formatTime(INSTANT)).not.toContain('2026');
    expect(formatTime(INSTANT, { seconds: true })).toMatch(/^(7|19):05:09\b/);
  });
});

describe('values that are not dates', () => {
  it('come back as they are, and nothing for no value', async () => {
    const time = await inZone('UTC');
    const formats = [
      time.formatDay,
      time.formatLongDay,
      time.formatDayMonth,
      time.formatWeekday,
      time.formatDate,
      time.formatDateTime,
      time.formatTime,
    ];
    for (const format of formats) {
      expect(format('not a date')).toBe('not a date');
      expect(format(null)).toBe('');
      expect(format(undefined)).toBe('');
      expect(format('')).toBe('');
      expect(format(Number.NaN)).toBe('');
    }
    expect(time.formatAgo('not a date')).toBe('not a date');
  });
});

describe('how long ago', () => {
  it('counts in the largest whole unit', async () => {
    const { formatAgo } = await inZone('UTC');
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(formatAgo('2026-11-21T11:55:00Z', now)).toMatch(/5/);
    expect(formatAgo('2026-11-21T11:59:30Z', now)).toMatch(/30/);
    expect(formatAgo('2026-11-18T12:00:00Z', now)).toMatch(/3/);
  });
});
