import { describe, expect, it } from 'vitest';
import { formatDay } from '@/lib/time-format';
import { buyLinks, coverageSentence, daysUntil, deviceTitle, formatData, graceNote, WARRANTY_LABELS } from './present';

const NOW = new Date('2026-03-10T15:00:00Z');

describe('device presentation', () => {
  it('shows coverage ends as UTC days whatever the time zone', () => {
    expect(formatDay('2027-03-14T00:00:00Z')).toBe('14 Mar 2027');
    expect(daysUntil('2026-03-30T00:00:00Z', NOW)).toBe(20);
    expect(daysUntil('2026-03-10T00:00:00Z', NOW)).toBe(0);
  });

  it('says where the coverage stands in each state', () => {
    expect(coverageSentence({ warranty_state: 'expiring', warranty_ends_at: '2026-03-30T00:00:00Z' }, NOW)).toBe(
      'Coverage ends in 20 days, on 30 Mar 2026.',
    );
    expect(coverageSentence({ warranty_state: 'grace', warranty_ends_at: '2026-02-28T00:00:00Z' }, NOW)).toMatch(
      /Renew within 20 days/,
    );
    expect(coverageSentence({ warranty_state: 'expired', warranty_ends_at: '2025-01-01T00:00:00Z' }, NOW)).toMatch(
      /starts on the day you buy it/,
    );
  });

  it('keeps the grace-period badge short and explains it next to it', () => {
    expect(WARRANTY_LABELS.grace.label).toBe('Grace period');
    expect(graceNote({ warranty_ends_at: '2026-02-28T00:00:00Z' })).toBe('Renew by 30 Mar 2026 and coverage continues with no gap.');
  });

  it('formats data allowances', () => {
    expect(formatData(900)).toBe('900 MB');
    expect(formatData(61440)).toBe('60 GB');
    expect(formatData(12800)).toBe('12.5 GB');
    expect(formatData(2 * 1024 * 1024)).toBe('2 TB');
  });

  it('links each purchase to the eligible products with the serial filled in', () => {
    const links = buyLinks({ serial: '1824-ABCD-0001', prime: false });
    expect(links.map((l) => l.href)).toEqual([
      '/products?serial=1824-ABCD-0001&for=warranty',
      '/products?serial=1824-ABCD-0001&for=licence',
      '/products?serial=1824-ABCD-0001&for=plan',
    ]);
    expect(buyLinks({ serial: '2A5P-0000-0001', prime: true })[0]?.label).toBe('Renew PrimeCare');
    expect(deviceTitle({ name: ' ', model: { code: 'X', name: 'Model X' } })).toBe('Model X');
  });
});
