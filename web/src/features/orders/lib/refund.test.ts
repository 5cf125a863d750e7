import { describe, expect, it } from 'vitest';
import { completedOrder, orderLine } from '../testing-order';
import { canRefund, planRefund, unitsAmount } from './refund';

describe('refund plan', () => {
  it('gives each unit its share of the line, whole cents adding up to the line', () => {
    const line = orderLine({ id: 'a', sku: 'X', qty: 3, total: { cents: 1_000, currency: 'EUR' } });
    expect(unitsAmount(line, 1)).toBe(333);
    expect(unitsAmount({ ...line, refunded_qty: 1 }, 1)).toBe(333);
    expect(unitsAmount({ ...line, refunded_qty: 2 }, 1)).toBe(334);
    expect(unitsAmount(line, 3)).toBe(1_000);
  });

  it('asks for the chosen units, caps them at what is left and drops empty lines', () => {
    const order = completedOrder();
    const plan = planRefund(order, { l1: 1, l2: 0 }, false);
    expect(plan).toEqual({ lines: [{ line_id: 'l1', qty: 1 }], cents: 10_000, everything: false });
    expect(planRefund(order, { l1: 9 }, false).lines).toEqual([{ line_id: 'l1', qty: 2 }]);
    expect(planRefund(order, {}, false)).toEqual({ lines: [], cents: 0, everything: false });
  });

  it('refunds everything left, shipping included, when every unit left is chosen or asked for', () => {
    const order = completedOrder({
      lines: [orderLine({ id: 'l1', sku: 'RTR-1', qty: 2, refunded_qty: 1 }), orderLine({ id: 'l2', sku: 'ANT-1', qty: 1, total: { cents: 5_001, currency: 'EUR' } })],
      refunds: [{ number: 'CN-000001', amount: { cents: 10_000, currency: 'EUR' }, reason: 'Broken', created_at: '2026-11-21T00:00:00Z', lines: [], credit_note_url: '' }],
    });
    const left = 25_001 + 999 - 10_000;
    expect(planRefund(order, { l1: 1, l2: 1 }, false)).toEqual({
      lines: [
        { line_id: 'l1', qty: 1 },
        { line_id: 'l2', qty: 1 },
      ],
      cents: left,
      everything: true,
    });
    expect(planRefund(order, {}, true)).toEqual({ lines: [], cents: left, everything: true });
  });

  it('offers refunds only on completed orders with money left', () => {
    expect(canRefund(completedOrder())).toBe(true);
    expect(canRefund(completedOrder({ status: 'shipped' }))).toBe(false);
    const total = completedOrder().totals.total;
    expect(
      canRefund(completedOrder({ refunds: [{ number: 'CN-1', amount: total, reason: 'x', created_at: '', lines: [], credit_note_url: '' }] })),
    ).toBe(false);
  });
});
