/** Rows of a quick order (SPEC §5) and the ways they come in: typed, pasted, or a CSV file. */

export const MAX_ROWS = 200;

export interface QuickRow {
  sku: string;
  qty: number;
  /** Device serial numbers for serial-bound products. */
  serials: string[];
}

export interface ParseError {
  /** 1-based line number in the pasted text or file. */
  line: number;
  message: string;
}

export interface ParseResult {
  rows: QuickRow[];
  errors: ParseError[];
}

export const SAMPLE_CSV = [
  'sku,qty,serials',
  'MAX-BR1-PRO-5G-PRM,2,',
  'AP-ONE-AX,5,',
  'LIC-SF-BOND,2,1824-AAAA-0001;1824-AAAA-0002',
  '',
].join('\n');

function parseQty(raw: string | undefined): number | null {
  const text = (raw ?? '').trim();
  if (text === '') return 1;
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= 100_000 ? value : null;
}

/** Serials in one cell: separated by `;`, `|` or whitespace. */
export function splitSerials(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(/[;|\s]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Pasted lines: `SKU, qty`, `SKU qty` or `SKU<tab>qty` (qty 1 when left out); blank lines are skipped. */
export function parsePasted(text: string): ParseResult {
  const rows: QuickRow[] = [];
  const errors: ParseError[] = [];
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const line = rawLine.trim();
    if (!line) return;
    const parts = line.includes(',') || line.includes(';') ? line.split(/[,;]/) : line.split(/\s+/);
    const sku = (parts[0] ?? '').trim().toUpperCase();
    const qty = parseQty(parts[1]);
    if (!sku) {
      errors.push({ line: index + 1, message: 'A SKU is missing.' });
    } else if (qty === null) {
      errors.push({ line: index + 1, message: `“${(parts[1] ?? '').trim()}” is not a quantity (a whole number of at least 1).` });
    } else {
      rows.push({ sku, qty, serials: splitSerials(parts.slice(2).join(' ')) });
    }
  });
  return { rows, errors };
}

/** Splits one CSV line, honouring double quotes (`"a,b"` and `""` for a quote). */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells.map((item) => item.trim());
}

/** A CSV file with the header `sku,qty` and an optional `serials` column (any order, any case). */
export function parseCsv(text: string): ParseResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '').map((cell) => cell.toLowerCase());
  const skuAt = header.indexOf('sku');
  const qtyAt = header.indexOf('qty');
  const serialsAt = header.indexOf('serials');
  if (skuAt < 0 || qtyAt < 0) {
    return {
      rows: [],
      errors: [{ line: 1, message: 'The first line must be the header “sku,qty” (optionally “,serials”). Download the sample to see the format.' }],
    };
  }
  const rows: QuickRow[] = [];
  const errors: ParseError[] = [];
  lines.slice(1).forEach((rawLine, index) => {
    const lineNumber = index + 2;
    if (!rawLine.trim()) return;
    const cells = splitCsvLine(rawLine);
    const sku = (cells[skuAt] ?? '').toUpperCase();
    const serials = serialsAt >= 0 ? splitSerials(cells[serialsAt]) : [];
    const qty = parseQty(cells[qtyAt]);
    if (!sku) errors.push({ line: lineNumber, message: 'The SKU is empty.' });
    else if (qty === null)
      errors.push({ line: lineNumber, message: `“${cells[qtyAt] ?? ''}” is not a quantity (a whole number of at least 1).` });
    else rows.push({ sku, qty: serials.length > 0 ? serials.length : qty, serials });
  });
  return { rows, errors };
}
