/**
 * The staff price editor as a form: one quote per line, the shipping price, valid-until and a
 * comment; its zod schema (the server checks everything again) and the `PATCH` body it becomes.
 */
import { centsToDollars, dollarsToCents } from '@/lib/money';
import type { QuotationDetail, StaffQuotationEdit } from '@/lib/resources/quotations/types';
import { z } from '@/lib/zod';
import { isoDay } from './format';
import { inputFromQuote, type QuoteInput, quoteFromInput, quotedTotal } from './quote';

export interface EditorValues {
  lines: QuoteInput[];
  /** Dollars; empty: the store's rates when the buyer pays. */
  shipping: string;
  /** `YYYY-MM-DD`; empty: 30 days after sending. */
  validUntil: string;
  comment: string;
}

const DAY_MS = 86_400_000;
/** How far ahead valid-until may be set (the server's limit). */
const MAX_VALID_DAYS = 365;

export function editorDefaults(q: QuotationDetail, now = Date.now()): EditorValues {
  const until = q.valid_until && new Date(q.valid_until).getTime() > now ? isoDay(new Date(q.valid_until)) : '';
  return {
    lines: q.lines.map((l) => inputFromQuote(l.quote)),
    shipping: centsToDollars(q.totals.shipping?.cents ?? null),
    validUntil: until,
    comment: '',
  };
}

/** The line's quoted total for what is typed, or why it cannot be one. */
export function lineResult(subtotal: number, input: QuoteInput): { total: number } | { error: string } {
  const parsed = quoteFromInput(input);
  if ('error' in parsed) return parsed;
  return quotedTotal(subtotal, parsed.quote);
}

/** The schema for this quotation's lines (their catalogue subtotals bound what may be quoted). */
export function editorSchema(subtotals: number[], now = Date.now()) {
  const today = isoDay(new Date(now));
  const latest = isoDay(new Date(now + MAX_VALID_DAYS * DAY_MS));
  return z
    .object({
      lines: z.array(z.object({ kind: z.enum(['catalogue', 'percent_off', 'amount_off', 'proposed_total']), value: z.string() })),
      shipping: z.string(),
      validUntil: z.string(),
      comment: z.string().max(2_000, 'Keep the comment to 2,000 characters.'),
    })
    .superRefine((v, ctx) => {
      v.lines.forEach((input, i) => {
        const result = lineResult(subtotals[i] ?? 0, input);
        if ('error' in result) ctx.addIssue({ code: 'custom', path: ['lines', i, 'value'], message: result.error });
      });
      if (dollarsToCents(v.shipping) === 'invalid') {
        ctx.addIssue({ code: 'custom', path: ['shipping'], message: 'Enter the shipping price in dollars (two decimals at most), or leave it empty.' });
      }
      if (v.validUntil) {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(v.validUntil)) {
          ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Choose a date.' });
        } else if (v.validUntil < today) {
          ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Valid-until cannot be in the past.' });
        } else if (v.validUntil > latest) {
          ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Quoted prices hold for a year at most.' });
        }
      }
    });
}

/** The whole pricing state as `PATCH /staff/quotations/{number}` takes it (sent in full on every save). */
export function editBody(q: QuotationDetail, values: EditorValues, { withComment }: { withComment: boolean }): StaffQuotationEdit {
  const shipping = dollarsToCents(values.shipping);
  return {
    version: q.version,
    lines: q.lines.map((l, i) => {
      const parsed = quoteFromInput(values.lines[i] ?? { kind: 'catalogue', value: '' });
      return { id: l.id, quote: 'quote' in parsed ? parsed.quote : null };
    }),
    shipping_cents: typeof shipping === 'number' ? shipping : null,
    valid_until: values.validUntil || null,
    ...(withComment && values.comment.trim() ? { comment: values.comment.trim() } : {}),
  };
}

/** Which form field a server field error belongs on (`lines[2].quote` → `lines.2.value`). */
export function editorFieldOf(serverField: string): string | undefined {
  const line = /^lines\[(\d+)\]\.(quote|id)$/.exec(serverField);
  if (line) return `lines.${line[1]}.value`;
  return { shipping_cents: 'shipping', valid_until: 'validUntil', comment: 'comment' }[serverField];
}
