import { describe, expect, it } from 'vitest';
import type { AdminCoupon, AdminStore } from '../api/types';
import { couponFormValues, couponInputOf, emptyCouponValues } from './coupon-form';
import { emptyStoreValues, storeFieldOf, storeFormValues, storeInputOf } from './store-form';

const STORE: AdminStore = {
  code: 'sky',
  kind: 'MINISTORE',
  region: 'Global',
  name: 'Skyline',
  currency: 'USD',
  display_name: 'Skyline × Uplink',
  tagline: null,
  accent_color: '#0B5FFF',
  logo_media: null,
  logo_url: null,
  active: true,
  is_default: false,
  catalogue: 'selected',
  payment_methods: ['card'],
  shipping_methods: ['priority'],
  partner_id: 'ptn_1',
  partner_name: 'Skyline',
  store_key: 'sky-4h7d2p',
  price_floor_bp: 8000,
  referral_terms: null,
  version: 3,
  selected_products: 4,
  own_prices: 2,
  storefront_path: '/?store=sky-4h7d2p',
};

describe('store form mapping', () => {
  it('sends a mini-store back as loaded, its floor in basis points', () => {
    expect(storeInputOf(storeFormValues(STORE), STORE)).toMatchObject({
      kind: 'MINISTORE',
      partner_id: 'ptn_1',
      store_key: 'sky-4h7d2p',
      price_floor_bp: 8000,
      tagline: null,
      catalogue: 'selected',
    });
  });

  it('sends no partner, key or floor for an eStore, and maps list errors onto their field', () => {
    const input = storeInputOf({ ...emptyStoreValues(), name: 'EU', displayName: 'EU', partnerId: 'ptn_1', storeKey: 'x' });
    expect(input).toMatchObject({ kind: 'ESTORE', partner_id: null, store_key: null, price_floor_bp: null });
    expect(storeFieldOf({ field: 'shipping_methods[0]', code: 'invalid', message: 'US only' })).toBe('shippingMethods');
    expect(storeFieldOf({ field: 'display_name', code: 'required', message: '' })).toBe('displayName');
    expect(storeFieldOf({ field: 'mystery', code: 'x', message: '' })).toBeNull();
  });
});

describe('coupon form mapping', () => {
  it('turns percent into basis points and dollars into cents; empties are unlimited', () => {
    expect(couponInputOf({ ...emptyCouponValues(), kind: 'percent', percent: '15', amount: '5' })).toMatchObject({
      kind: 'percent',
      percent_bp: 1500,
      amount_cents: null,
      max_uses: null,
      min_subtotal_cents: 0,
      starts_at: null,
    });
    expect(couponInputOf({ ...emptyCouponValues(), kind: 'fixed', amount: '25.50', maxUses: '100', minSubtotal: '200' })).toMatchObject({
      kind: 'fixed',
      percent_bp: null,
      amount_cents: 2550,
      max_uses: 100,
      min_subtotal_cents: 20_000,
    });
  });

  it('round-trips a loaded coupon', () => {
    const coupon: AdminCoupon = {
      code: 'SPRING-26',
      kind: 'percent',
      percent_bp: 1500,
      amount_cents: null,
      description: 'Spring sale',
      active: false,
      starts_at: '2026-03-01T09:00:00.000Z',
      ends_at: null,
      min_subtotal_cents: 0,
      max_uses: 50,
      max_uses_per_customer: 1,
      store_code: 'us',
      times_used: 3,
      redeemed_cents: 4_500,
      state: 'paused',
      created_at: '2026-02-01T00:00:00Z',
    };
    expect(couponInputOf(couponFormValues(coupon))).toEqual({
      kind: 'percent',
      percent_bp: 1500,
      amount_cents: null,
      description: 'Spring sale',
      active: false,
      starts_at: '2026-03-01T09:00:00.000Z',
      ends_at: null,
      min_subtotal_cents: 0,
      max_uses: 50,
      max_uses_per_customer: 1,
      store_code: 'us',
    });
  });
});
