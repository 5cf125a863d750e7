import { describe, expect, it } from 'vitest';
import { deltaCents, describeDelta, formatAllowance, formatValidity, percentOf, unitPrice } from './pricing';

describe('option pricing', () => {
  it('rounds percentage deltas half-up to the cent', () => {
    expect(percentOf(1999, 1000)).toBe(200);
    expect(percentOf(1005, 5000)).toBe(503);
    expect(percentOf(1000, -1500)).toBe(-150);
  });

  it('adds fixed and percentage deltas to the base price', () => {
    expect(deltaCents({ kind: 'fixed', amount: { cents: 2000, currency: 'USD' } }, 10_000)).toBe(2000);
    expect(deltaCents(null, 10_000)).toBe(0);
    const chosen = [
      { code: 'a', label: 'A', price_delta: { kind: 'fixed' as const, amount: { cents: 2500, currency: 'USD' } } },
      { code: 'b', label: 'B', price_delta: { kind: 'percent' as const, basis_points: 1000 } },
      undefined,
    ];
    expect(unitPrice(10_000, chosen)).toBe(13_500);
  });

  it('describes deltas for people', () => {
    expect(describeDelta({ kind: 'fixed', amount: { cents: 2000, currency: 'USD' } })).toBe('+$20.00');
    expect(describeDelta({ kind: 'fixed', amount: { cents: -500, currency: 'USD' } })).toBe('−$5.00');
    expect(describeDelta({ kind: 'percent', basis_points: 1000 })).toBe('+10%');
    expect(describeDelta({ kind: 'percent', basis_points: 1250 })).toBe('+12.50%');
    expect(describeDelta({ kind: 'fixed', amount: { cents: 0, currency: 'USD' } })).toBe('');
  });

  it('formats allowances and validity', () => {
    expect(formatAllowance(null)).toBe('Unlimited data');
    expect(formatAllowance(102_400)).toBe('100 GB');
    expect(formatAllowance(500)).toBe('500 MB');
    expect(formatValidity(365)).toBe('1 year');
    expect(formatValidity(730)).toBe('2 years');
    expect(formatValidity(90)).toBe('3 months');
    expect(formatValidity(null, 36)).toBe('3 years');
  });
});
