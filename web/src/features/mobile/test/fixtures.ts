import type { components } from '@/lib/api/schema';
import type { Device } from '@/lib/resources/devices/types';
import { usd } from '@/testing/fixtures';

type S = components['schemas'];

export const SERIAL = '1824-DEMO-0001';

export function device(overrides: Partial<Device> = {}): Device {
  return {
    serial: SERIAL,
    model: { code: 'BR1-MINI', name: 'MAX BR1 Mini' },
    name: 'Van router',
    prime: false,
    registered_at: '2025-12-01T00:00:00Z',
    warranty_ends_at: '2026-12-10T00:00:00Z',
    warranty_state: 'expiring',
    source: 'demo',
    auto_renew: { enabled: false },
    licences: [],
    subscriptions: [],
    warranty_extensions: [],
    ...overrides,
  };
}

export function product(overrides: Partial<S['ProductCard']> = {}): S['ProductCard'] {
  return {
    id: 'prd_care',
    slug: 'care-1y',
    sku: 'CARE-1Y',
    name: 'PrimeCare 1 year',
    brand: 'Uplink',
    type: 'license',
    summary: 'One more year of coverage',
    image: null,
    price: usd(9_900),
    compare_at_price: null,
    price_from: false,
    stock_status: 'in_stock',
    labels: [],
    category: 'care-warranty',
    purchasable: true,
    variant_count: 0,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function checkoutOptions(overrides: Partial<S['CheckoutOptions']> = {}): S['CheckoutOptions'] {
  return {
    lines: [
      {
        id: 'cln_1',
        sku: 'SFC-20GB-1M',
        name: 'SpeedFusion Cloud 20 GB',
        qty: 1,
        unit_price: usd(2_000),
        subtotal: usd(2_000),
        discount: usd(0),
        tax: usd(0),
        total: usd(2_000),
        options: [],
        serials: [SERIAL],
        physical: false,
      },
    ],
    store: 'global',
    currency: 'USD',
    shipping_required: false,
    shipping_options: [],
    payment_methods: [
      { code: 'card', name: 'Credit Card', available: true },
      { code: 'credit_terms', name: 'Credit Terms Payment', available: false, reason: 'For business accounts with credit terms' },
    ],
    gateway: { name: 'test', test_mode: true, tokenize_url: 'http://localhost/gateway/test/tokens' },
    item_count: 1,
    weight_grams: 0,
    totals: { subtotal: usd(2_000), discount: usd(0), tax: usd(0), total: usd(2_000) },
    tax: { charged: false, rate_bp: 0 },
    ...overrides,
  };
}
