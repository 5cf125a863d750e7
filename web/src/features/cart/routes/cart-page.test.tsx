import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '@/testing/api-mock';
import { cart, line, me, session, usd } from '@/testing/fixtures';
import { currentUrl, renderPage, renderRoutes } from '@/testing/render';
import { CartPage } from './cart-page';

afterEach(() => vi.unstubAllGlobals());

describe('cart page', { timeout: 20_000 }, () => {
  it('shows lines with options and serials, flags changed prices, and the totals with sales tax', async () => {
    const licence = line({
      id: 'cln_lic',
      product: { id: 'prd_2', sku: 'LIC-SF-BOND', slug: 'lic', variant: null, name: 'Bonding licence', type: null, image: null },
      qty: 2,
      options: [],
      serials: ['1824-AAAA-0001', '1824-AAAA-0002'],
      serial_bound: true,
      physical: false,
      unit_price: usd(24_900),
      previous_unit_price: usd(19_900),
      price_changed: true,
      subtotal: usd(49_800),
    });
    mockApi({
      'GET /api/v1/cart': () =>
        cart([line(), licence], {
          store: 'us',
          price_changed: true,
          tax: { charged: true, state: 'TX', rate_bp: 625 },
          totals: { subtotal: usd(69_800), discount: usd(0), tax: usd(4_363), total: usd(74_163) },
        }),
    });
    renderPage(<CartPage />, '/cart');
    const items = await screen.findAllByTestId('cart-line');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Pre-configured')).toBeInTheDocument();
    expect(within(items[1]!).getByText('1824-AAAA-0002')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Price changed')).toBeInTheDocument();
    expect(within(items[1]!).getByText('$199.00')).toBeInTheDocument();
    expect(screen.getByText('Sales tax (TX, 6.25%)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$741.63');
    expect(screen.getByRole('link', { name: 'Continue to checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('changes a quantity at once and sends it to the server', async () => {
    let current = cart([line()]);
    const { calls } = mockApi({
      'GET /api/v1/cart': () => current,
      'PATCH /api/v1/cart/lines/cln_router': () => {
        current = cart([line({ qty: 3, subtotal: usd(30_000) })]);
        return current;
      },
    });
    renderPage(<CartPage />, '/cart');
    const increase = await screen.findByRole('button', { name: /Increase quantity of/ });
    await userEvent.click(increase);
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ qty: 3 });
    expect(await screen.findByRole('spinbutton', { name: /Quantity of/ })).toHaveValue(3);
  });

  it('puts a removed line back when the server refuses', async () => {
    mockApi({
      'GET /api/v1/cart': () => cart([line()]),
      'DELETE /api/v1/cart/lines/cln_router': () => problem(409, 'must_change_store', { target_store: 'us' }),
    });
    renderPage(<CartPage />, '/cart');
    await userEvent.click(await screen.findByRole('button', { name: /^Remove Pepwave/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('must_change_store detail');
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
  });

  it('shows the coupon error from the server next to the field', async () => {
    mockApi({
      'GET /api/v1/cart': () => cart([line()]),
      'POST /api/v1/cart/coupon': () => problem(422, 'coupon_expired'),
    });
    renderPage(<CartPage />, '/cart');
    await userEvent.type(await screen.findByLabelText('Coupon code'), 'SPRING2020');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('coupon_expired detail')).toBeInTheDocument();
  });

  it('asks a customer of the other region to switch, warning that the cart empties (PROMPT_CLEAR_CART)', async () => {
    mockApi({
      'GET /api/v1/cart': () =>
        problem(409, 'must_change_store', {
          target_store: 'us',
          current_store: 'global',
          item_count: 3,
          lines: [{ sku: 'MAX-BR1-PRO-5G-PRM', qty: 3, options: {}, serials: [], iccid: null }],
        }),
    });
    renderPage(<CartPage />, '/cart');
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the US store?' });
    expect(dialog).toHaveTextContent('Switching to the US store empties this cart (3 items)');
  });

  it('offers products and quick order when the cart is empty', async () => {
    mockApi({ 'GET /api/v1/cart': () => cart([]) });
    renderPage(<CartPage />, '/cart');
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Quick order/ }).length).toBeGreaterThan(0);
  });
});

describe('cart page: request a quotation', { timeout: 20_000 }, () => {
  const routes = [
    { path: '/cart', element: <CartPage /> },
    { path: '/account/quotation/:number', element: <h1>Quotation page</h1> },
  ];

  it('asks for a quotation of the whole cart and opens the new draft', async () => {
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(me()),
      'GET /api/v1/cart': () => cart([line()]),
      'POST /api/v1/quotations': () => json({ number: 'Q-000046', status: 'draft' }, 201),
    });
    renderRoutes(routes, '/cart');
    await userEvent.click(await screen.findByRole('button', { name: 'Request a quotation' }));
    await waitFor(() => expect(currentUrl()).toBe('/account/quotation/Q-000046'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ from_cart: true });
  });

  it('says so next to the button when the cart is below the quotation minimum', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => session(me()),
      'GET /api/v1/cart': () => cart([line()]),
      'POST /api/v1/quotations': () =>
        problem(422, 'quotation_below_minimum', {
          minimum_cents: 10_000,
          detail: 'Quotations start at $100.00 before tax; this comes to $50.00. Add items, or order at catalogue prices.',
        }),
    });
    renderRoutes(routes, '/cart');
    await userEvent.click(await screen.findByRole('button', { name: 'Request a quotation' }));
    const alert = await screen.findByTestId('quotation-request-error');
    expect(alert).toHaveTextContent('Quotations start at $100.00 before tax; this comes to $50.00.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(currentUrl()).toBe('/cart');
  });

  it('sends guests to sign in first, back to the cart', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => session(null), 'GET /api/v1/cart': () => cart([line()]) });
    renderPage(<CartPage />, '/cart');
    expect(await screen.findByRole('link', { name: 'Sign in to request a quotation' })).toHaveAttribute('href', '/login?return_to=%2Fcart');
  });
});
