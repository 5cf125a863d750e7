// Checkout's own test data: the options of a cart with one router shipped by Priority Shipping.
import { usd } from '@/testing/fixtures';
import type { CheckoutOptions } from '../api/types';

/** One $100.00 router; Priority Shipping $25.00; no tax. */
export const OPTIONS: CheckoutOptions = {
  lines: [
    {
      id: 'cln_1',
      sku: 'MAX-BR1-PRO-5G-PRM',
      name: 'Pepwave MAX BR1 Pro 5G Prime',
      qty: 1,
      unit_price: usd(10_000),
      subtotal: usd(10_000),
      discount: usd(0),
      tax: usd(0),
      total: usd(10_000),
      options: [],
      serials: [],
      physical: true,
    },
  ],
  store: 'global',
  currency: 'USD',
  shipping_required: true,
  shipping_options: [
    {
      method: 'priority',
      name: 'Priority Shipping',
      available: true,
      fee: usd(2_500),
      min_days: 2,
      max_days: 4,
      needs_address: true,
      carriers: [],
      pickup_locations: [],
    },
  ],
  payment_methods: [],
  gateway: { name: 'Test gateway', test_mode: true, tokenize_url: '/gateway/tokens' },
  item_count: 1,
  weight_grams: 500,
  totals: { subtotal: usd(10_000), discount: usd(0), tax: usd(0), total: usd(10_000) },
  coupon_code: null,
  tax: { charged: false, state: null, rate_bp: 0 },
};
