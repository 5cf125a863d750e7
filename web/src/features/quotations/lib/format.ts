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
