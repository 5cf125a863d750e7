/** A file size for people: "512 B", "2.0 KB", "3.3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** A data allowance in megabytes as people read it: "900 MB", "20 GB", "12.5 GB", "1.5 TB". */
export function formatMegabytes(mb: number): string {
  if (mb < 1024) return `${mb} MB`;
  const gb = mb / 1024;
  const whole = (value: number) => String(Number(value.toFixed(1)));
  return gb < 1024 ? `${whole(gb)} GB` : `${whole(gb / 1024)} TB`;
}
