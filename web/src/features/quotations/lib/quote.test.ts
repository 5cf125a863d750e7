import { describe, expect, it } from 'vitest';
import { editBody, editorDefaults, editorFieldOf, lineResult } from './editor-schema';
import { describeQuote, percentToBasisPoints, quoteFromInput, quotedTotal } from './quote';
import { LICENCE, quotation, quotationLine } from '../test/fixtures';

describe('quoted line prices', () => {
  it('describes each kind of quote as the buyer reads it', () => {
    expect(describeQuote({ kind: 'percent_off', basis_points: 1_250 })).toBe('12.5 % off');
    expect(describeQuote({ kind: 'percent_off', basis_points: 1_000 })).toBe('10 % off');
    expect(describeQuote({ kind: 'amount_off', cents: 5_000 })).toBe('$50.00 off');
    expect(describeQuote({ kind: 'proposed_total', cents: 1 })).toBe('Proposed price');
    expect(describeQuote(null)).toBe('Catalogue price');
  });

  it('rounds a percentage off half up to the cent, like the server', () => {
    // 12.5 % of $0.99 is 12.375 ¢ → 12 ¢ off; of $1.00 is 12.5 ¢ → 13 ¢ off.
    expect(quotedTotal(99, { kind: 'percent_off', basis_points: 1_250 })).toEqual({ total: 87 });
    expect(quotedTotal(100, { kind: 'percent_off', basis_points: 1_250 })).toEqual({ total: 87 });
    expect(quotedTotal(299_800, { kind: 'percent_off', basis_points: 1_000 })).toEqual({ total: 269_820 });
    // Exact beyond 2^53 / 10,000.
    expect(quotedTotal(9_000_000_000_001, { kind: 'percent_off', basis_points: 5_000 })).toEqual({ total: 4_500_000_000_000 });
  });

  it('refuses quotes above the catalogue price or below zero', () => {
    expect(quotedTotal(1_000, { kind: 'amount_off', cents: 1_001 })).toHaveProperty('error');
    expect(quotedTotal(1_000, { kind: 'proposed_total', cents: 1_001 })).toHaveProperty('error');
    expect(quotedTotal(1_000, { kind: 'proposed_total', cents: -1 })).toHaveProperty('error');
    expect(quotedTotal(1_000, { kind: 'percent_off', basis_points: 10_001 })).toHaveProperty('error');
    expect(quotedTotal(1_000, { kind: 'amount_off', cents: 1_000 })).toEqual({ total: 0 });
  });

  it('reads typed percentages and amounts', () => {
    expect(percentToBasisPoints('12.5')).toBe(1_250);
    expect(percentToBasisPoints('10 %')).toBe(1_000);
    expect(percentToBasisPoints('0,05')).toBe(5);
    expect(percentToBasisPoints('')).toBeNull();
    expect(percentToBasisPoints('1.234')).toBe('invalid');
    expect(quoteFromInput({ kind: 'amount_off', value: '$1,234.50' })).toEqual({ quote: { kind: 'amount_off', cents: 123_450 } });
    expect(quoteFromInput({ kind: 'percent_off', value: '101' })).toHaveProperty('error');
    expect(quoteFromInput({ kind: 'catalogue', value: 'anything' })).toEqual({ quote: null });
    expect(lineResult(299_800, { kind: 'proposed_total', value: '2500' })).toEqual({ total: 250_000 });
  });
});

describe('the staff edit body', () => {
  it('sends every line, the shipping, valid-until and the version loaded', () => {
    const q = quotation({ lines: [quotationLine(), LICENCE], version: 7 });
    const values = editorDefaults(q, Date.parse('2026-11-26T00:00:00Z'));
    expect(values.lines).toEqual([
      { kind: 'catalogue', value: '' },
      { kind: 'amount_off', value: '49' },
    ]);
    values.lines[0] = { kind: 'percent_off', value: '10' };
    values.shipping = '25';
    values.validUntil = '2026-12-31';
    values.comment = '  Volume price  ';
    expect(editBody(q, values, { withComment: true })).toEqual({
      version: 7,
      lines: [
        { id: 'qln_router', quote: { kind: 'percent_off', basis_points: 1_000 } },
        { id: 'qln_licence', quote: { kind: 'amount_off', cents: 4_900 } },
      ],
      shipping_cents: 2_500,
      valid_until: '2026-12-31',
      comment: 'Volume price',
    });
    expect(editBody(q, { ...values, shipping: '', validUntil: '' }, { withComment: false })).toMatchObject({
      shipping_cents: null,
      valid_until: null,
    });
    expect(editBody(q, values, { withComment: false })).not.toHaveProperty('comment');
  });

  it('maps the server’s field names onto the form', () => {
    expect(editorFieldOf('lines[1].quote')).toBe('lines.1.value');
    expect(editorFieldOf('shipping_cents')).toBe('shipping');
    expect(editorFieldOf('valid_until')).toBe('validUntil');
    expect(editorFieldOf('version')).toBeUndefined();
  });
});
