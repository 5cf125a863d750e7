import { describe, expect, it } from 'vitest';
import { parseBulkChange } from './bulk-price';

describe('bulk price change as typed', () => {
  it('turns percent into basis points and dollars into cents', () => {
    expect(parseBulkChange('percent', '-10')).toEqual({ kind: 'percent', value: -1000 });
    expect(parseBulkChange('percent', '+2.5 %')).toEqual({ kind: 'percent', value: 250 });
    expect(parseBulkChange('amount', '−5')).toEqual({ kind: 'amount', value: -500 });
    expect(parseBulkChange('amount', '$12.50')).toEqual({ kind: 'amount', value: 1250 });
  });

  it('refuses nothing, zero and out-of-range changes with a message', () => {
    expect(parseBulkChange('percent', '')).toHaveProperty('error');
    expect(parseBulkChange('percent', '0')).toEqual({ error: 'Enter a change other than zero.' });
    expect(parseBulkChange('percent', '-100')).toHaveProperty('error');
    expect(parseBulkChange('amount', '1,5')).toHaveProperty('error');
  });
});
