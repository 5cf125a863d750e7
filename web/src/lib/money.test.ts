import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('formats integer cents as US dollars', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(123_450)).toBe('$1,234.50');
    expect(formatMoney(-1999)).toBe('-$19.99');
  });

  it('uses the currency’s minor units', () => {
    expect(formatMoney(1234, 'EUR')).toBe('€12.34');
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
  });

  it('refuses fractional cents', () => {
    expect(() => formatMoney(12.5)).toThrow(TypeError);
  });
});
