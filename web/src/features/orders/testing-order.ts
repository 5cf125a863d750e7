import type { OrderDetail } from '@/lib/resources/orders/types';

const eur = (cents: number) => ({ cents, currency: 'EUR' });

type Line = OrderDetail['lines'][number];

export function orderLine(over: Partial<Line> & Pick<Line, 'id' | 'sku' | 'qty'>): Line {
  const total = over.total?.cents ?? 10_000 * over.qty;
  return {
    product_id: `p-${over.id}`,
    name: `Product ${over.sku}`,
    type: 'hardware',
    unit_price: eur(total / over.qty),
    subtotal: eur(total),
    discount: eur(0),
    tax: eur(0),
    total: eur(total),
    options: [],
    serials: [],
    physical: true,
    delivery_status: 'shipped',
    refunded_qty: 0,
    ...over,
  };
}

/** A completed card order for tests: two lines (2 × 100.00 and 1 × 50.01) and 9.99 shipping. */
export function completedOrder(over: Partial<OrderDetail> = {}): OrderDetail {
  const lines = over.lines ?? [orderLine({ id: 'l1', sku: 'RTR-1', qty: 2 }), orderLine({ id: 'l2', sku: 'ANT-1', qty: 1, total: eur(5_001) })];
  const goods = lines.reduce((s, l) => s + l.total.cents, 0);
  return {
    number: 'UL-000200',
    status: 'completed',
    store: 'global',
    placed_at: '2026-11-20T10:00:00Z',
    totals: { subtotal: eur(goods), discount: eur(0), shipping: eur(999), tax: eur(0), total: eur(goods + 999) },
    price_list: 'retail',
    lines,
    shipping: { method: 'priority', name: 'Priority', fee: eur(999), details: {}, address: null },
    billing_address: { name: 'Rita', line1: 'Main 1', city: 'Berlin', postal_code: '10115', country: 'DE', phone: '0301234' },
    payment: { method: 'card', name: 'Card', status: 'paid', bank_details: [] },
    history: [{ at: '2026-11-20T10:00:00Z', status: 'processing', actor: 'system', note: '' }],
    shipments: [],
    digital_only: false,
    awaiting_delivery: false,
    can_cancel: false,
    refunds: [],
    ...over,
  };
}
