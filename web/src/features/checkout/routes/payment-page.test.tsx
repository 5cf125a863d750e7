import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/api-mock';
import { address, me, session, usd } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import type { CheckoutOptions } from '../api/types';
import PaymentPage from './payment-page';

const NOTHING_APPLIES: CheckoutOptions = {
  lines: [],
  store: 'global',
  currency: 'USD',
  shipping_required: false,
  shipping_options: [],
  payment_methods: [
    { code: 'card', name: 'Credit Card', available: false, reason: 'Credit Card is not offered in this store.' },
    { code: 'not_available', name: 'Not Available', available: false, reason: 'No payment method applies to this cart.' },
  ],
  gateway: { name: 'test', test_mode: true, tokenize_url: '/gateway/tokens' },
  item_count: 3,
  weight_grams: 0,
  totals: { subtotal: usd(450_000), discount: usd(0), tax: usd(0), total: usd(450_000) },
  coupon_code: null,
  tax: { charged: false, state: null, rate_bp: 0 },
};

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('checkout: payment', { timeout: 20_000 }, () => {
  it('offers a quotation for the cart when no payment method applies (Not Available), and opens it', async () => {
    const { calls } = mockApi({
      'GET /api/v1/me': () => me(),
      'GET /api/v1/auth/session': () => session(me()),
      'GET /api/v1/me/addresses': () => ({ items: [address()], limit: 50 }),
      'GET /api/v1/checkout/options': () => NOTHING_APPLIES,
      'POST /api/v1/quotations': () => json({ number: 'Q-000048' }, 201),
    });
    renderRoutes(
      [
        { path: '/checkout/payment', element: <PaymentPage /> },
        { path: '/account/quotation/:number', element: <h1>Quotation</h1> },
      ],
      '/checkout/payment',
    );
    expect(await screen.findByText(/No payment method applies to this cart/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review order' })).toBeDisabled();
    await userEvent.click(await screen.findByRole('button', { name: 'Request a quotation' }));
    await waitFor(() => expect(currentUrl()).toBe('/account/quotation/Q-000048'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ from_cart: true });
  });
});
