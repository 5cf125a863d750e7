import { describe, expect, it } from 'vitest';
import { checkCard, detectBrand, formatCardNumber, luhnValid, parseExpiry } from './card';

describe('card rules', () => {
  it('detects the four brands while the number is typed', () => {
    expect(detectBrand('37')).toBe('American Express');
    expect(detectBrand('4')).toBe('Visa');
    expect(detectBrand('5105')).toBe('MasterCard');
    expect(detectBrand('2221')).toBe('MasterCard');
    expect(detectBrand('2721')).toBeNull();
    expect(detectBrand('62')).toBe('UnionPay');
    expect(detectBrand('9')).toBeNull();
  });

  it('checks Luhn on the test cards', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000003220')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('reports each broken rule on its field', () => {
    const today = new Date(2026, 10, 1);
    expect(checkCard('4242 4242 4242 4242', '12/30', '123', today)).toEqual({});
    expect(checkCard('4242 4242 4242 4241', '13/30', '12', today)).toEqual({
      number: 'This card number is not valid; check for typos.',
      expiry: 'Enter the expiry date as MM/YY.',
      cvc: 'The security code has 3 digits.',
    });
    expect(checkCard('378282246310005', '10/26', '123', today)).toEqual({
      expiry: 'This card has expired.',
      cvc: 'The security code has 4 digits.',
    });
    expect(checkCard('42424242424242', '11/26', '123', today).number).toContain('13, 16 or 19');
  });

  it('formats numbers as printed and parses expiry dates', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(parseExpiry('4/2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('00/31')).toBeNull();
  });
});
