import { describe, expect, it } from 'vitest';
import { formatBytes, formatMegabytes } from './bytes';

describe('formatBytes', () => {
  it('formats sizes for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3_500_000)).toBe('3.3 MB');
  });
});

describe('formatMegabytes', () => {
  it('formats data allowances for people', () => {
    expect(formatMegabytes(900)).toBe('900 MB');
    expect(formatMegabytes(20480)).toBe('20 GB');
    expect(formatMegabytes(12800)).toBe('12.5 GB');
    expect(formatMegabytes(12330)).toBe('12 GB');
    expect(formatMegabytes(1536 * 1024)).toBe('1.5 TB');
  });
});
