import { describe, expect, it } from 'vitest';
import { parseCsv, parsePasted, SAMPLE_CSV, splitCsvLine, splitSerials } from './quick-order-parse';

describe('pasted quick-order lines', () => {
  it('reads "SKU, qty", "SKU qty" and a bare SKU, upper-casing SKUs', () => {
    const { rows, errors } = parsePasted('ap-one-ax, 5\nMAX-BR1-PRO-5G-PRM 2\n\nLIC-SF-BOND\n');
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { sku: 'AP-ONE-AX', qty: 5, serials: [] },
      { sku: 'MAX-BR1-PRO-5G-PRM', qty: 2, serials: [] },
      { sku: 'LIC-SF-BOND', qty: 1, serials: [] },
    ]);
  });

  it('reports the line of a bad quantity and keeps the others', () => {
    const { rows, errors } = parsePasted('AP-ONE-AX, two\nAP-ONE-AX, 0\nUL-NANO-LTE, 3');
    expect(rows).toEqual([{ sku: 'UL-NANO-LTE', qty: 3, serials: [] }]);
    expect(errors.map((error) => error.line)).toEqual([1, 2]);
    expect(errors[0]?.message).toContain('two');
  });
});

describe('quick-order CSV', () => {
  it('parses the sample file, serials giving the quantity', () => {
    const { rows, errors } = parseCsv(SAMPLE_CSV);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toEqual({ sku: 'LIC-SF-BOND', qty: 2, serials: ['1824-AAAA-0001', '1824-AAAA-0002'] });
  });

  it('accepts columns in any order and case, quoted cells and a byte-order mark', () => {
    const { rows } = parseCsv('\uFEFFQty,SKU,Serials\r\n3,ap-one-ax,\r\n1,"LIC-SF-BOND","1824-AAAA-0001 1824-AAAA-0002"\r\n');
    expect(rows).toEqual([
      { sku: 'AP-ONE-AX', qty: 3, serials: [] },
      { sku: 'LIC-SF-BOND', qty: 2, serials: ['1824-AAAA-0001', '1824-AAAA-0002'] },
    ]);
  });

  it('refuses a file without the header, and reports bad rows by line number', () => {
    expect(parseCsv('AP-ONE-AX,2').errors[0]?.line).toBe(1);
    const { rows, errors } = parseCsv('sku,qty\nAP-ONE-AX,2\n,4\nUL-NANO-LTE,-1\n');
    expect(rows).toHaveLength(1);
    expect(errors.map((error) => error.line)).toEqual([3, 4]);
  });

  it('splits CSV cells and serial lists', () => {
    expect(splitCsvLine('a,"b,c","d"""')).toEqual(['a', 'b,c', 'd"']);
    expect(splitSerials('A; B|C  D')).toEqual(['A', 'B', 'C', 'D']);
  });
});
