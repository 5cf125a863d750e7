import { formatBytes } from '@/lib/bytes';
import { formatDayMonth } from '@/lib/time-format';
import type { UsageDay } from '../api/types';

/** How many days the chart and table show (`GET /me/usage/{id}/daily?days=30`). */
export const DAILY_DAYS = 30;

export interface ChartUnit {
  label: 'KB' | 'MB' | 'GB';
  bytes: number;
}

const GB: ChartUnit = { label: 'GB', bytes: 1024 ** 3 };
const MB: ChartUnit = { label: 'MB', bytes: 1024 ** 2 };
const KB: ChartUnit = { label: 'KB', bytes: 1024 };

/** The unit the chart's axis counts in: the largest one the busiest day reaches (MB when nothing was used). */
export function chartUnit(days: readonly Pick<UsageDay, 'bytes'>[]): ChartUnit {
  const max = days.reduce((most, day) => Math.max(most, day.bytes), 0);
  if (max === 0) return MB;
  return [GB, MB].find((unit) => max >= unit.bytes) ?? KB;
}

/** Seconds since the epoch of a `YYYY-MM-DD` day's UTC midnight (uPlot's time scale counts seconds). */
export function daySeconds(date: string): number {
  return Date.parse(date.slice(0, 10)) / 1000;
}

/** The chart's columns: one x (day) and one y (bytes in `unit`) per day, oldest first. */
export function chartColumns(days: readonly UsageDay[], unit: ChartUnit = chartUnit(days)): [number[], number[]] {
  return [days.map((day) => daySeconds(day.date)), days.map((day) => day.bytes / unit.bytes)];
}

/** A chart axis or legend number: at most one decimal below 10, whole above (`0.5`, `2.4`, `12`). */
export function axisNumber(value: number): string {
  if (value === 0) return '0';
  return Math.abs(value) < 10 ? String(Number(value.toFixed(1))) : String(Math.round(value));
}

/** The chart in one sentence (its accessible name; the table has every figure). */
export function dailySummary(days: readonly UsageDay[]): string {
  if (days.length === 0) return 'No daily figures yet.';
  const total = days.reduce((sum, day) => sum + day.bytes, 0);
  if (total === 0) return `No data used in the last ${days.length} days.`;
  const busiest = days.reduce((most, day) => (day.bytes > most.bytes ? day : most));
  return `${formatBytes(total)} used in the last ${days.length} days; the busiest day was ${formatDayMonth(busiest.date)} with ${formatBytes(busiest.bytes)}.`;
}
