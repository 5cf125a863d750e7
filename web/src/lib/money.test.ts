import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatMoney } from './money';

describe('formatMoney', () => {
  it('formats integer cents as US dollars', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(123_450)).toBe('$1,234.50');
    expect(formatMoney(-1999)).toBe('-$19.99');
  });

  // (Beyond about 10^15 cents Intl's float division loses the cents; the string arithmetic does not.)
  it('writes US dollars exactly as Intl does, without it', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const samples = [1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456_789, 100_000_000_000];
    for (let n = 0; n < 2000; n++) samples.push(Math.floor(Math.random() * 10 ** (1 + (n % 13))));
    for (const cents of samples) {
      expect(formatMoney(cents)).toBe(intl.format(cents / 100));
      // Intl writes minus zero as "-$0.00"; zero has no sign here.
      if (cents !== 0) expect(formatMoney(-cents)).toBe(intl.format(-cents / 100));
    }
  });

  it('uses the currency’s minor units', () => {
    expect(formatMoney(1234, 'EUR')).toBe('€12.34');
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
  });

  it('refuses fractional cents', () => {
    expect(() => formatMoney(12.5)).toThrow(TypeError);
  });
});

describe('dollarsToCents and centsToDollars', () => {
  it('read what people type as dollars, refusing more than two decimals', () => {
    expect(dollarsToCents('1,234.50')).toBe(123_450);
    expect(dollarsToCents(' $99 ')).toBe(9_900);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('1.234')).toBe('invalid');
    expect(dollarsToCents('-5')).toBe('invalid');
    expect(dollarsToCents('lots')).toBe('invalid');
  });

  it('show whole dollars plainly and cents with two decimals', () => {
    expect(centsToDollars(400_000)).toBe('4000');
    expect(centsToDollars(123_450)).toBe('1234.50');
    expect(centsToDollars(null)).toBe('');
  });
});
