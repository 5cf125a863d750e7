/** 0.9731 → "97.3%". */
export function formatRate(rate: number): string {
  return `${(Math.floor(rate * 1000) / 10).toFixed(1)}%`;
}

/** 1234 → "1.23 s", 87 → "87 ms". */
export function formatDuration(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms} ms`;
}
