import type { OrderDetail } from '@/lib/resources/orders/types';

type Line = OrderDetail['lines'][number];

/** Units of a line not yet refunded. */
export const refundableQty = (line: Pick<Line, 'qty' | 'refunded_qty'>) => Math.max(0, line.qty - line.refunded_qty);

/** What the order already gave back (the sum of its credit notes). */
export const refundedCents = (order: Pick<OrderDetail, 'refunds'>) => order.refunds.reduce((sum, r) => sum + r.amount.cents, 0);

/**
 * What `qty` more units of `line` are worth, as the server counts it (crates/api/src/commerce/orders/refunds.rs
 * `units_amount`): the line's total shared over its units, whole cents, so the units' shares add up to the line.
 */
export function unitsAmount(line: Pick<Line, 'qty' | 'refunded_qty' | 'total'>, qty: number): number {
  const share = (units: number) => Math.floor((line.total.cents * units) / Math.max(1, line.qty));
  return share(line.refunded_qty + qty) - share(line.refunded_qty);
}

/** Units chosen per line id (0 or missing: none). */
export type RefundPick = Record<string, number>;

export interface RefundPlan {
  /** The request's `lines` (empty: everything left). */
  lines: { line_id: string; qty: number }[];
  /** What the refund gives back, in cents (as the server computes it). */
  cents: number;
  /** Whether this refund leaves nothing to refund (the order becomes Refunded; shipping is included). */
  everything: boolean;
}

/**
 * The refund `pick` asks for: `everything` refunds all that is left (shipping included); otherwise the chosen
 * units of each line. When the chosen units are every unit left, the server gives back all that is left, so
 * does this.
 */
export function planRefund(order: Pick<OrderDetail, 'lines' | 'refunds' | 'totals'>, pick: RefundPick, everything: boolean): RefundPlan {
  const remaining = order.totals.total.cents - refundedCents(order);
  if (everything) return { lines: [], cents: Math.max(0, remaining), everything: true };
  const lines = order.lines
    .map((l) => ({ line: l, qty: Math.min(refundableQty(l), Math.max(0, Math.trunc(pick[l.id] ?? 0))) }))
    .filter((x) => x.qty > 0);
  const allUnits = order.lines.every((l) => refundableQty(l) === 0 || (lines.find((x) => x.line.id === l.id)?.qty ?? 0) >= refundableQty(l));
  const cents = lines.length > 0 && allUnits ? remaining : lines.reduce((sum, x) => sum + unitsAmount(x.line, x.qty), 0);
  return { lines: lines.map((x) => ({ line_id: x.line.id, qty: x.qty })), cents: Math.max(0, cents), everything: lines.length > 0 && allUnits };
}

/** Whether anything is left to refund (a completed order with units or money left). */
export function canRefund(order: Pick<OrderDetail, 'status' | 'lines' | 'refunds' | 'totals'>): boolean {
  return order.status === 'completed' && order.totals.total.cents - refundedCents(order) > 0;
}
