import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem, type ApiHandler } from '@/testing/api-mock';
import { address } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { checkoutOptions } from '../test/fixtures';
import MobileCheckoutPage from './mobile-checkout-page';

const ORDER = { number: 'UL-000123' };

function setup(place: ApiHandler, url = '/mobile/product-plans/checkout', book = [address()]) {
  const api = mockApi({
    'GET /api/v1/me/addresses': () => ({ items: book, limit: 10 }),
    'GET /api/v1/checkout/options': () => checkoutOptions(),
    'POST /gateway/test/tokens': () => ({ id: 'tok_visa', card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 }, test_mode: true }),
    'POST /api/v1/orders': place,
  });
  const view = renderRoutes(
    [
      { path: '/mobile/product-plans/checkout', element: <MobileCheckoutPage slot="mobile-plans" /> },
      { path: '/mobile/checkout-success', element: <h1>Success</h1> },
    ],
    url,
  );
  return { ...api, ...view };
}

async function payByCard(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: /Credit Card/ }));
  await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
  await user.type(screen.getByLabelText(/Expiry/), '12/30');
  await user.type(screen.getByLabelText(/Security code/), '123');
  await user.click(screen.getByRole('button', { name: /Place order/ }));
}

describe('MobileCheckoutPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('places the order from the app’s plans cart with a card token, an idempotency key and a way back to this page', async () => {
    const user = userEvent.setup();
    const { calls, router } = setup(() => json(ORDER, 201));
    await payByCard(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/checkout-success'));
    expect(router.state.location.search).toBe('?order=UL-000123&cart=mobile-plans');
    const options = calls.find((c) => c.url.pathname === '/api/v1/checkout/options')!;
    expect(options.url.searchParams.get('cart')).toBe('mobile-plans');
    const order = calls.find((c) => c.url.pathname === '/api/v1/orders')!;
    expect(order.url.searchParams.get('cart')).toBe('mobile-plans');
    expect(order.headers.get('Idempotency-Key')).toBeTruthy();
    expect(order.body).toMatchObject({
      shipping: null,
      billing: { same_as_shipping: false, address_id: 'adr_1' },
      payment: { method: 'card', token: 'tok_visa', payment_intent: null },
      expected_total_cents: 2000,
      return_path: '/mobile/product-plans/checkout',
      cancel_path: '/mobile/product-plans/checkout',
    });
    // The card number went to the gateway only.
    expect(JSON.stringify(order.body)).not.toContain('4242424242424242');
  });

  it('shows FAILED with the reason and a retry that keeps the cart', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { calls } = setup(() => {
      attempts += 1;
      return attempts === 1 ? problem(503, 'server_error', { detail: 'The store is busy.' }) : json(ORDER, 201);
    });
    await payByCard(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-state', 'FAILED');
    expect(alert).toHaveTextContent('The order was not placed');
    expect(alert).toHaveTextContent('Your cart is unchanged.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(attempts).toBe(2));
    const keys = calls.filter((c) => c.url.pathname === '/api/v1/orders').map((c) => c.headers.get('Idempotency-Key'));
    // A lost answer is retried with the same key: the server replays instead of charging twice.
    expect(keys[0]).toBe(keys[1]);
  });

  it('sends the buyer to 3-D Secure and finishes the order with the approved payment on return', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    setup(() => problem(402, 'payment_requires_action', { redirect_url: '/gateway/test/3ds/pi_1', payment_intent: 'pi_1' }));
    await payByCard(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/gateway/test/3ds/pi_1'));
    expect(JSON.parse(sessionStorage.getItem('uplink.mobile.checkout.mobile-plans')!)).toMatchObject({ method: 'card', expectedTotal: 2000 });
  });

  it('resumes after 3-D Secure: the order is placed with the payment intent', async () => {
    sessionStorage.setItem(
      'uplink.mobile.checkout.mobile-plans',
      JSON.stringify({ method: 'card', billing: { same_as_shipping: false, address_id: 'adr_1' }, expectedTotal: 2000 }),
    );
    const { calls, router } = setup(() => json(ORDER, 201), '/mobile/product-plans/checkout?payment_intent=pi_1&redirect_status=succeeded');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/checkout-success'));
    const order = calls.find((c) => c.url.pathname === '/api/v1/orders')!;
    expect(order.body).toMatchObject({ payment: { method: 'card', token: null, payment_intent: 'pi_1' }, expected_total_cents: 2000 });
  });

  it('checks a new billing address with the store’s address rules before placing the order', async () => {
    const user = userEvent.setup();
    const { calls } = setup(() => json(ORDER, 201), '/mobile/product-plans/checkout', []);
    await user.type(await screen.findByLabelText(/Full name/), 'Bob');
    await user.type(screen.getByLabelText(/^Address/), '5 Elm St');
    await user.type(screen.getByLabelText(/^City/), 'Austin');
    await user.type(screen.getByLabelText(/^Postal code/), 'ABCDE');
    await user.type(screen.getByLabelText(/^Country code/), 'US');
    await user.type(screen.getByLabelText(/^Phone/), '5125550100');
    await payByCard(user);
    expect(screen.getByLabelText(/^State/)).toHaveAccessibleDescription(/US addresses need one/);
    expect(screen.getByLabelText(/^Postal code/)).toHaveAccessibleDescription(/5 digits or 5\+4 digits/);
    expect(screen.getByLabelText(/^State/)).toHaveFocus();
    expect(calls.some((c) => c.url.pathname === '/api/v1/orders' || c.url.pathname === '/gateway/test/tokens')).toBe(false);

    await user.type(screen.getByLabelText(/^State/), 'tx');
    await user.clear(screen.getByLabelText(/^Postal code/));
    await user.type(screen.getByLabelText(/^Postal code/), '78701');
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/orders')).toBe(true));
    const order = calls.find((c) => c.url.pathname === '/api/v1/orders')!;
    expect(order.body).toMatchObject({
      billing: { address: { name: 'Bob', state: 'tx', postal_code: '78701', country: 'US', company: null, line2: null } },
    });
  });

  it('says so when the buyer cancelled on the gateway page', async () => {
    setup(() => json(ORDER, 201), '/mobile/product-plans/checkout?payment_intent=pi_1&redirect_status=cancelled');
    expect(await screen.findByText(/You cancelled the payment/)).toBeInTheDocument();
  });
});
