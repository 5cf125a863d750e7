import { describe, expect, it } from 'vitest';
import { normaliseSerial, SERIAL_PATTERN } from './serial';

describe('normaliseSerial', () => {
  it('upper-cases and regroups what people type', () => {
    expect(normaliseSerial('1934abcd5678')).toBe('1934-ABCD-5678');
    expect(normaliseSerial(' 1934-abcd-5678 ')).toBe('1934-ABCD-5678');
    expect(normaliseSerial('1934 ABCD 5678')).toBe('1934-ABCD-5678');
    expect(normaliseSerial('19-34ab-cd56-78')).toBe('1934-ABCD-5678');
  });

  it('refuses anything that is not 12 letters and digits', () => {
    expect(normaliseSerial('')).toBeNull();
    expect(normaliseSerial('1934-ABCD-567')).toBeNull();
    expect(normaliseSerial('1934-ABCD-56789')).toBeNull();
    expect(normaliseSerial('1934-ABCD-567!')).toBeNull();
    expect(normaliseSerial('1934_ABCD_5678')).toBeNull();
  });

  it('always produces the canonical pattern', () => {
    expect(normaliseSerial('a1b2c3d4e5f6')).toMatch(SERIAL_PATTERN);
  });
});
