// Quotations as the API sends them, for the feature's tests.
import type { QuotationActions, QuotationDetail, QuotationLine, QuotationSummary } from '@/lib/resources/quotations/types';
import { usd } from '@/testing/fixtures';

export const NO_ACTIONS: QuotationActions = {
  submit: false,
  accept: false,
  request_revision: false,
  close: false,
  pay: false,
  comment: false,
  buy_at_catalogue_price: false,
  edit: false,
  send: false,
  decline: false,
};

export function quotationLine(overrides: Partial<QuotationLine> = {}): QuotationLine {
  return {
    id: 'qln_router',
    product_id: 'prd_router',
    sku: 'MAX-BR1-PRO-5G-PRM',
    name: 'Pepwave MAX BR1 Pro 5G Prime',
    product_type: 'hardware',
    qty: 2,
    options: [],
    serials: [],
    unit_price: usd(149_900),
    subtotal: usd(299_800),
    quote: null,
    quoted_total: usd(299_800),
    ...overrides,
  };
}

export const LICENCE = quotationLine({
  id: 'qln_licence',
  product_id: 'prd_licence',
  sku: 'LIC-SF-BOND',
  name: 'SpeedFusion bonding licence',
  product_type: 'license',
  qty: 1,
  serials: ['1824-AAAA-0001'],
  options: [{ code: 'term', label: 'Term', value: '12m', value_label: '12 months' }],
  unit_price: usd(24_900),
  subtotal: usd(24_900),
  quote: { kind: 'amount_off', cents: 4_900 },
  quoted_total: usd(20_000),
});

export function quotation(overrides: Partial<QuotationDetail> = {}): QuotationDetail {
  const lines = overrides.lines ?? [quotationLine()];
  const subtotal = lines.reduce((s, l) => s + l.subtotal.cents, 0);
  const quoted = lines.reduce((s, l) => s + l.quoted_total.cents, 0);
  return {
    number: 'Q-000045',
    status: 'draft',
    status_label: 'Draft',
    source: 'cart',
    store: 'global',
    currency: 'USD',
    customer_note: '',
    created_at: '2026-11-20T10:00:00Z',
    submitted_at: null,
    valid_until: null,
    version: 3,
    lines,
    totals: {
      subtotal: usd(subtotal),
      discount: usd(subtotal - quoted),
      quoted_subtotal: usd(quoted),
      shipping: null,
      total_before_tax: usd(quoted),
    },
    history: [
      {
        at: '2026-11-20T10:00:00Z',
        party: 'buyer',
        author: 'Ann Example',
        kind: 'status',
        status: 'draft',
        body: 'Quotation requested from the cart.',
      },
    ],
    order_number: null,
    actions: { ...NO_ACTIONS, submit: true, close: true, comment: true },
    customer: null,
    assignee: null,
    ...overrides,
  };
}

export function summary(overrides: Partial<QuotationSummary> = {}): QuotationSummary {
  return {
    number: 'Q-000045',
    status: 'quoted',
    status_label: 'Quoted',
    source: 'cart',
    created_at: '2026-11-20T10:00:00Z',
    submitted_at: '2026-11-20T10:05:00Z',
    valid_until: '2026-12-20T23:59:59.999Z',
    line_count: 3,
    first_line: 'Pepwave MAX BR1 Pro 5G Prime',
    subtotal: usd(324_700),
    quoted_subtotal: usd(289_820),
    order_number: null,
    customer: null,
    assignee: null,
    ...overrides,
  };
}
