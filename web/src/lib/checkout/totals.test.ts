import { describe, expect, it } from 'vitest';
import { ApiProblem } from '@/lib/api/api-problem';
import type { CheckoutOptions } from '@/lib/resources/checkout/types';
import { usd } from '@/testing/fixtures';
import { orderTotal, priceChangedTotal, shippingFee } from './totals';

const OPTIONS = {
  shipping_required: true,
  shipping_options: [
    { method: 'customer_provided', name: 'Customer Provided', available: true, fee: usd(0), needs_address: true, carriers: [], pickup_locations: [] },
    { method: 'priority', name: 'Priority Shipping', available: true, fee: null, needs_address: true, carriers: [], pickup_locations: [] },
    { method: 'pickup', name: 'Self pick-up', available: true, fee: usd(0), needs_address: false, carriers: [], pickup_locations: [] },
  ],
  totals: { subtotal: usd(10_000), discount: usd(1_000), tax: usd(743), total: usd(9_743) },
} as unknown as CheckoutOptions;

describe('checkout totals', () => {
  it('adds the chosen option’s fee to the lines’ total, and knows no total while the fee is not known', () => {
    expect(shippingFee(OPTIONS, 'customer_provided')).toBe(0);
    expect(orderTotal(OPTIONS, 'pickup')).toBe(9_743);
    expect(shippingFee(OPTIONS, 'priority')).toBeNull();
    expect(orderTotal(OPTIONS, 'priority')).toBeNull();
    expect(orderTotal(OPTIONS, null)).toBeNull();
    const quoted = { ...OPTIONS, shipping_options: [{ ...OPTIONS.shipping_options[1]!, fee: usd(2_500) }] };
    expect(orderTotal(quoted, 'priority')).toBe(12_243);
  });

  it('has nothing to ship for a digital order', () => {
    const digital = { ...OPTIONS, shipping_required: false, shipping_options: [] };
    expect(shippingFee(digital, null)).toBe(0);
    expect(orderTotal(digital, null)).toBe(9_743);
  });

  it('reads the server’s total from price_changed only', () => {
    expect(priceChangedTotal(ApiProblem.fromBody(409, { code: 'price_changed', total_cents: 12_345 }))).toBe(12_345);
    expect(priceChangedTotal(ApiProblem.fromBody(409, { code: 'price_changed' }))).toBeNull();
    expect(priceChangedTotal(ApiProblem.fromBody(409, { code: 'insufficient_stock', total_cents: 1 }))).toBeNull();
    expect(priceChangedTotal(null)).toBeNull();
  });
});
