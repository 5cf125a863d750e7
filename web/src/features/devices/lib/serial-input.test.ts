import { describe, expect, it } from 'vitest';
import { completeSerial, formatSerialInput, serialProblem } from './serial-input';

describe('serial input', () => {
  it('normalises as the customer types', () => {
    expect(formatSerialInput('1')).toBe('1');
    expect(formatSerialInput('1824a')).toBe('1824-A');
    expect(formatSerialInput('1824 abcd-00')).toBe('1824-ABCD-00');
    expect(formatSerialInput('1824-abcd-0001-extra')).toBe('1824-ABCD-0001');
    expect(formatSerialInput('  ')).toBe('');
  });

  it('is complete only with 12 letters and digits', () => {
    expect(completeSerial('1824abcd0001')).toBe('1824-ABCD-0001');
    expect(completeSerial('1824-abcd-000')).toBeNull();
  });

  it('explains what is missing or wrong', () => {
    expect(serialProblem('')).toMatch(/Enter the serial/);
    expect(serialProblem('1824-AB')).toMatch(/6 of 12/);
    expect(serialProblem('1824-ABCD-0001-9')).toMatch(/more than 12/);
    expect(serialProblem('1824_ABCD_0001')).toMatch(/only letters and digits/);
    expect(serialProblem('1824 abcd 0001')).toBeNull();
  });
});
