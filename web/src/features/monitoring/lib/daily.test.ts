import { describe, expect, it } from 'vitest';
import { days } from '../test/fixtures';
import { axisNumber, chartColumns, chartUnit, dailySummary, daySeconds } from './daily';

const day = (date: string, bytes: number) => ({ date, bytes, bytes_up: 0, bytes_down: bytes });

describe('daily figures for the chart', () => {
  it('counts in the largest unit the busiest day reaches', () => {
    expect(chartUnit(days()).label).toBe('GB');
    expect(chartUnit([day('2026-11-26', 5 * 1024 * 1024)]).label).toBe('MB');
    expect(chartUnit([day('2026-11-26', 2048)]).label).toBe('KB');
    expect(chartUnit([day('2026-11-26', 0)]).label).toBe('MB');
  });

  it('has one bar per UTC day, oldest first, in that unit', () => {
    const [x, y] = chartColumns(days(3));
    expect(x).toEqual([daySeconds('2026-11-24'), daySeconds('2026-11-25'), daySeconds('2026-11-26')]);
    expect(daySeconds('2026-11-26')).toBe(Date.UTC(2026, 10, 26) / 1000);
    expect(y).toEqual([100, 200, 300]);
  });

  it('prints axis numbers shortly', () => {
    expect(axisNumber(0)).toBe('0');
    expect(axisNumber(0.25)).toBe('0.3');
    expect(axisNumber(2.4)).toBe('2.4');
    expect(axisNumber(12.6)).toBe('13');
  });

  it('sums the days up in a sentence', () => {
    expect(dailySummary(days(3))).toBe('600 MB used in the last 3 days; the busiest day was 26 Nov with 300 MB.');
    expect(dailySummary([day('2026-11-26', 0)])).toBe('No data used in the last 1 days.');
    expect(dailySummary([])).toBe('No daily figures yet.');
  });
});
