import { describe, expect, it } from 'vitest';
import { iccidProblem, normaliseIccid, passesLuhn } from './iccid';

describe('ICCID checks', () => {
  it('computes the Luhn check', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('8901260882290360582')).toBe(true);
    expect(passesLuhn('')).toBe(false);
  });

  it('accepts 19 and 20 digit numbers with a valid check digit', () => {
    expect(iccidProblem('8901260882290360582')).toBeNull();
    expect(iccidProblem('89441000301234567891')).toBeNull();
  });

  it('names what is wrong', () => {
    expect(iccidProblem('890126088229036058')).toBe('format');
    expect(iccidProblem('894410003012345678911')).toBe('format');
    expect(iccidProblem('89012608822903605a2')).toBe('format');
    expect(iccidProblem('8901260882290360587')).toBe('checksum');
  });

  it('drops spaces and hyphens', () => {
    expect(normaliseIccid('8901 2608 8229-0360 582')).toBe('8901260882290360582');
  });
});
