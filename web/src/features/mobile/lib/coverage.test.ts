import { describe, expect, it } from 'vitest';
import { newCoverage } from './coverage';

const on = (day: string) => new Date(`${day}T10:00:00Z`);

describe('newCoverage (SPEC §4.2)', () => {
  it('continues the day after the current end when bought before it', () => {
    expect(newCoverage('2026-12-10T00:00:00Z', 12, on('2026-11-27'))).toEqual({ starts: '2026-12-11', ends: '2027-12-11', continuous: true });
  });

  it('continues without a gap within 30 days after the end', () => {
    expect(newCoverage('2026-11-15', 12, on('2026-12-15'))).toMatchObject({ starts: '2026-11-16', continuous: true });
  });

  it('starts on the purchase day later than that', () => {
    expect(newCoverage('2026-10-01', 24, on('2026-11-27'))).toEqual({ starts: '2026-11-27', ends: '2028-11-27', continuous: false });
  });

  it('clamps to the last day of a shorter month', () => {
    expect(newCoverage('2027-01-30', 1, on('2027-01-01')).ends).toBe('2027-02-28');
  });
});
