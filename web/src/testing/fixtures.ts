// Test data for the resources several features read: the signed-in user, the session,
// countries, the address book, the cart. A feature's own fixtures live in its `test/` folder.
import type { Me, SessionInfo } from '@/lib/auth/session';
import type { components } from '@/lib/api/schema';
import type { Address } from '@/lib/resources/addresses/types';
import type { Cart, CartLine } from '@/lib/resources/cart/types';

/** US dollars as the API sends money: integer cents with the currency. */
export const usd = (cents: number): components['schemas']['MoneyDto'] => ({ cents, currency: 'USD' });

export function line(overrides: Partial<CartLine> = {}): CartLine {
  return {
    id: 'cln_router',
    product: {
      id: 'prd_1',
      sku: 'MAX-BR1-PRO-5G-PRM',
      slug: 'max-br1-pro-5g-prm',
      variant: null,
      name: 'Pepwave MAX BR1 Pro 5G Prime',
      type: 'hardware',
      image: null,
    },
    qty: 2,
    options: [{ code: 'setup', label: 'Configuration service', value: 'preconfig', value_label: 'Pre-configured' }],
    serials: [],
    iccid: null,
    unit_price: usd(10_000),
    price_changed: false,
    previous_unit_price: null,
    subtotal: usd(20_000),
    discount: usd(0),
    tax: usd(0),
    total: usd(20_000),
    quantity_rules: { min: 1, max: 10, step: 1 },
    serial_bound: false,
    physical: true,
    available: 25,
    problem: null,
    ...overrides,
  };
}

export function cart(lines: CartLine[], overrides: Partial<Cart> = {}): Cart {
  const subtotal = lines.reduce((sum, item) => sum + item.subtotal.cents, 0);
  return {
    id: 'crt_1',
    store: 'global',
    currency: 'USD',
    lines,
    item_count: lines.reduce((sum, item) => sum + item.qty, 0),
    coupon: null,
    tax: { charged: false, state: null, rate_bp: 0 },
    totals: { subtotal: usd(subtotal), discount: usd(0), tax: usd(0), total: usd(subtotal) },
    price_changed: false,
    has_problems: false,
    digital_only: false,
    partner_referral: null,
    price_list: 'store',
    ...overrides,
  };
}

export function me(overrides: Partial<Me> = {}): Me {
  return {
    id: 'usr_1',
    email: 'ann@example.com',
    name: 'Ann Example',
    company: null,
    phone: null,
    country: 'DE',
    newsletter: false,
    roles: ['customer'],
    credit_terms: null,
    home_store: 'global',
    region: 'Global',
    has_password: true,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function session(user: Me | null, overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    auth_mode: 'token',
    sso_enabled: false,
    incontrol_enabled: false,
    user,
    csrf_token: user ? 'csrf-1' : null,
    ...overrides,
  };
}

export const COUNTRIES = {
  countries: [
    { code: 'DE', name: 'Germany' },
    { code: 'US', name: 'United States' },
  ],
  us_states: [
    { code: 'CA', name: 'California' },
    { code: 'NY', name: 'New York' },
  ],
};

export function address(overrides: Partial<Address> = {}): Address {
  return {
    id: 'adr_1',
    name: 'Ann Example',
    company: null,
    line1: '1 Main Street',
    line2: null,
    city: 'Berlin',
    state: null,
    postal_code: '10115',
    country: 'DE',
    phone: '+49 30 123456',
    is_default_shipping: true,
    is_default_billing: true,
    created_at: 'x',
    updated_at: 'x',
    ...overrides,
  };
}
