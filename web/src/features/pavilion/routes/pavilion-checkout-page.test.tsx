import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/lib/api/schema';
import { type ApiHandler, json, mockApi, problem, type RecordedCall } from '@/testing/api-mock';
import { address, me, session, usd } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import PavilionCheckoutPage from './pavilion-checkout-page';

type CheckoutOptions = components['schemas']['CheckoutOptions'];

/** The partner's cart: one licence at the partner price, delivered digitally. */
const OPTIONS: CheckoutOptions = {
  lines: [
    {
      id: 'cln_1',
      sku: 'LIC-SF-BOND',
      name: 'SpeedFusion Bonding Licence',
      qty: 1,
      unit_price: usd(21_912),
      subtotal: usd(21_912),
      discount: usd(0),
      tax: usd(0),
      total: usd(21_912),
      options: [],
      serials: ['1824-ABCD-EFGH'],
      physical: false,
    },
  ],
  store: 'global',
  currency: 'USD',
  shipping_required: false,
  shipping_options: [],
  payment_methods: [
    { code: 'card', name: 'Credit Card', available: true },
    { code: 'bank_transfer', name: 'Bank Transfer', available: true },
  ],
  gateway: { name: 'test', test_mode: true, tokenize_url: '/gateway/tokens' },
  item_count: 1,
  weight_grams: 0,
  totals: { subtotal: usd(21_912), discount: usd(0), tax: usd(0), total: usd(21_912) },
  coupon_code: null,
  tax: { charged: false, state: null, rate_bp: 0 },
  quote_country: null,
};

const ORDER = {
  number: 'UL-000321',
  totals: { total: usd(21_912) },
  payment: { method: 'bank_transfer', name: 'Bank Transfer', status: 'pending', card: null },
};

function setup(extra: Record<string, ApiHandler> = {}, roles: ('customer' | 'partner')[] = ['customer', 'partner']) {
  return mockApi({
    'GET /api/v1/auth/session': () => session(me({ roles })),
    'GET /api/v1/me/addresses': () => ({ items: [address()], limit: 50 }),
    'GET /api/v1/checkout/options': () => OPTIONS,
    'GET /api/v1/stores': () => ({ items: [], current: { price_list: 'partner' } }),
    ...extra,
  });
}

const show = (url = '/partner-pavillion/checkout') =>
  renderRoutes([{ path: '/partner-pavillion/checkout', element: <PavilionCheckoutPage /> }], url);

const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/v1/partner/pavilion/orders');

async function fillEndCustomer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Name/), 'Erin Ng');
  await user.type(screen.getByLabelText(/^Company/), 'Erin Ferries');
  await user.type(screen.getByLabelText(/^E-mail/), 'erin@example.com');
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the partner pavilion', { timeout: 20_000 }, () => {
  it('is for partners: a customer is told so, and nothing is asked of the API', async () => {
    const { calls } = setup({}, ['customer']);
    show();
    expect(await screen.findByRole('heading', { name: 'This page is for Uplink partners' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/v1/checkout/options')).toBe(false);
  });

  it('says what is missing, then places the cart for the end customer with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ 'POST /api/v1/partner/pavilion/orders': () => json(ORDER, 201) });
    show();
    const summary = await screen.findByRole('region', { name: 'Your cart' });
    expect(within(summary).getByText('Partner price')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order · $219.12' }));
    expect(await screen.findByText('Enter the end customer’s name.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls)).toHaveLength(0);

    await fillEndCustomer(user);
    await user.click(screen.getByRole('radio', { name: /Bank Transfer/ }));
    await user.click(screen.getByRole('button', { name: 'Place order · $219.12' }));
    const done = await screen.findByTestId('pavilion-done');
    expect(done).toHaveTextContent('Order UL-000321 is placed for Erin Ng');
    expect(done).toHaveTextContent('erin@example.com');
    expect(done).toHaveTextContent(/invites them to set one up/);
    const [post] = posts(calls);
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
    expect(post!.body).toEqual({
      end_customer: { name: 'Erin Ng', company: 'Erin Ferries', email: 'erin@example.com' },
      order: {
        shipping: null,
        billing: { same_as_shipping: false, address_id: 'adr_1' },
        payment: { method: 'bank_transfer', token: null, payment_intent: null },
        expected_total_cents: 21_912,
        return_path: '/partner-pavillion/checkout',
        cancel_path: '/partner-pavillion/checkout',
      },
    });
  });

  it('shows FAILED with the server’s field errors on the end customer’s fields', async () => {
    const user = userEvent.setup();
    setup({
      'POST /api/v1/partner/pavilion/orders': () =>
        problem(422, 'validation_failed', {
          detail: 'One field is not valid.',
          errors: [{ field: 'end_customer.email', code: 'validation_failed', message: 'That is your own e-mail: enter your customer’s.' }],
        }),
    });
    show();
    await fillEndCustomer(user);
    await user.click(screen.getByRole('radio', { name: /Bank Transfer/ }));
    await user.click(screen.getByRole('button', { name: 'Place order · $219.12' }));
    expect(await screen.findByRole('heading', { name: 'The order was not placed' })).toBeInTheDocument();
    expect(screen.getByText('The order was not placed').closest('[data-state="FAILED"]')).toHaveFocus();
    expect(screen.getByText(/Nothing was charged and your cart is unchanged/)).toBeInTheDocument();
    expect(screen.getByText('That is your own e-mail: enter your customer’s.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Place order · $219.12' })).toBeEnabled();
  });

  it('goes to the bank for 3-D Secure and places the order on the way back to the pavilion', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let attempt = 0;
    const { calls } = setup({
      'POST /gateway/tokens': () => ({ id: 'tok_1', card: { brand: 'Visa', last4: '3220', exp_month: 12, exp_year: 2030 }, test_mode: true }),
      'POST /api/v1/partner/pavilion/orders': () => {
        attempt += 1;
        return attempt === 1
          ? problem(402, 'payment_requires_action', { redirect_url: '/gateway/3ds/pi_1', payment_intent: 'pi_1' })
          : json({ ...ORDER, payment: { method: 'card', name: 'Credit Card', status: 'paid', card: { brand: 'Visa', last4: '3220' } } }, 201);
      },
    });
    const first = show();
    await fillEndCustomer(user);
    await user.click(screen.getByRole('radio', { name: /Credit Card/ }));
    await user.type(screen.getByLabelText(/Card number/), '4000000000003220');
    await user.type(screen.getByLabelText(/Expiry/), '12/30');
    await user.type(screen.getByLabelText(/Security code/), '123');
    await user.click(screen.getByRole('button', { name: 'Place order · $219.12' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/gateway/3ds/pi_1'));
    expect(posts(calls)[0]!.body).toMatchObject({ order: { payment: { method: 'card', token: 'tok_1', payment_intent: null } } });
    // The card token is never kept while the partner is away.
    expect(sessionStorage.getItem('uplink.pavilion.payment')).not.toContain('tok_1');
    first.unmount();

    show('/partner-pavillion/checkout?payment_intent=pi_1&redirect_status=succeeded');
    expect(await screen.findByTestId('pavilion-done')).toHaveTextContent('Order UL-000321 is placed for Erin Ng');
    expect(posts(calls)).toHaveLength(2);
    expect(posts(calls)[1]!.body).toMatchObject({
      end_customer: { name: 'Erin Ng', email: 'erin@example.com' },
      order: { payment: { method: 'card', token: null, payment_intent: 'pi_1' }, return_path: '/partner-pavillion/checkout' },
    });
    expect(sessionStorage.getItem('uplink.pavilion.payment')).toBeNull();
  });
});
