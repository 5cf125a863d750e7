import { describe, expect, it } from 'vitest';
import { alertSchema, defaultValueFor, formValuesOf, gbMessage, gbToMb, mbToGbText, PERCENT_MESSAGE, toAlertRequest } from './alert-schema';

const ALLOWANCE = 102_400; // 100 GB
const check = (kind: 'off' | 'percent' | 'gb', value: string) => alertSchema(ALLOWANCE).safeParse({ kind, value });
const messageOf = (kind: 'off' | 'percent' | 'gb', value: string) => {
  const result = check(kind, value);
  return result.success ? null : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('low-data alert form', () => {
  it('takes a whole percentage from 1 to 99', () => {
    expect(messageOf('percent', '1')).toBeNull();
    expect(messageOf('percent', ' 99 ')).toBeNull();
    for (const bad of ['0', '100', '10.5', '-5', '', 'ten']) {
      expect(messageOf('percent', bad)).toEqual([`value: ${PERCENT_MESSAGE}`]);
    }
  });

  it('takes GB up to the allowance, decimals allowed, and sends MB (GB × 1024)', () => {
    expect(messageOf('gb', '2')).toBeNull();
    expect(messageOf('gb', '0,5')).toBeNull();
    expect(messageOf('gb', '100')).toBeNull();
    expect(messageOf('gb', '100.01')).toEqual([`value: ${gbMessage(ALLOWANCE)}`]);
    expect(messageOf('gb', '0')).toEqual([`value: ${gbMessage(ALLOWANCE)}`]);
    expect(messageOf('gb', 'lots')).toEqual([`value: ${gbMessage(ALLOWANCE)}`]);
    expect(gbMessage(ALLOWANCE)).toBe('Enter an amount of data from 0.01 GB up to the plan’s 100 GB.');
    expect(toAlertRequest({ kind: 'gb', value: '2' })).toEqual({ kind: 'mb', value: 2048 });
    expect(toAlertRequest({ kind: 'gb', value: '1.5' })).toEqual({ kind: 'mb', value: 1536 });
    expect(toAlertRequest({ kind: 'gb', value: '0,5' })).toEqual({ kind: 'mb', value: 512 });
    expect(gbToMb(0.001)).toBe(1);
  });

  it('turns the alert off whatever the number says', () => {
    expect(messageOf('off', 'anything')).toBeNull();
    expect(toAlertRequest({ kind: 'off', value: 'anything' })).toEqual({ kind: 'off' });
    expect(toAlertRequest({ kind: 'percent', value: '15' })).toEqual({ kind: 'percent', value: 15 });
  });

  it('starts from the item’s alert, else 10% or a tenth of the allowance', () => {
    expect(formValuesOf(null, ALLOWANCE)).toEqual({ kind: 'off', value: '' });
    expect(formValuesOf({ kind: 'percent', value: 20 }, ALLOWANCE)).toEqual({ kind: 'percent', value: '20' });
    expect(formValuesOf({ kind: 'mb', value: 1536 }, ALLOWANCE)).toEqual({ kind: 'gb', value: '1.5' });
    expect(defaultValueFor('percent', null, ALLOWANCE)).toBe('10');
    expect(defaultValueFor('gb', null, ALLOWANCE)).toBe('10');
    expect(defaultValueFor('gb', { kind: 'percent', value: 20 }, 10_240)).toBe('1');
    expect(mbToGbText(1000)).toBe('0.98');
  });
});
