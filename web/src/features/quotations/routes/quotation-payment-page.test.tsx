import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/lib/api/schema';
import { type ApiHandler, json, mockApi, problem, type RecordedCall } from '@/testing/api-mock';
import { address, me, session, usd } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import type { QuotationDetail } from '@/lib/resources/quotations/types';
import { LICENCE, NO_ACTIONS, quotation, quotationLine } from '../test/fixtures';
import QuotationPaymentPage from './quotation-payment-page';

type CheckoutOptions = components['schemas']['CheckoutOptions'];
type ShippingOption = components['schemas']['ShippingOptionDto'];
type PaymentMethod = components['schemas']['PaymentMethodDto'];

const ACCEPTED: QuotationDetail = quotation({
  status: 'accepted',
  status_label: 'Accepted',
  valid_until: '2026-12-20T23:59:59.999Z',
  lines: [quotationLine({ quote: { kind: 'percent_off', basis_points: 1_000 }, quoted_total: usd(269_820) })],
  actions: { ...NO_ACTIONS, pay: true, request_revision: true, close: true, comment: true },
});

const CUSTOMER_PROVIDED: ShippingOption = {
  method: 'customer_provided',
  name: 'Customer Provided',
  available: true,
  fee: usd(0),
  needs_address: true,
  carriers: ['DHL', 'FedEx', 'UPS', 'Other'],
  pickup_locations: [],
};
const PRIORITY: ShippingOption = {
  method: 'priority',
  name: 'Priority Shipping',
  available: true,
  fee: usd(3_500),
  min_days: 2,
  max_days: 4,
  needs_address: true,
  carriers: [],
  pickup_locations: [],
};
const PICKUP_ELSEWHERE: ShippingOption = {
  method: 'pickup',
  name: 'Self pick-up',
  available: false,
  reason: 'Self pick-up is only offered by the US store.',
  fee: usd(0),
  needs_address: false,
  carriers: [],
  pickup_locations: [],
};
const PICKUP_US: ShippingOption = {
  ...PICKUP_ELSEWHERE,
  available: true,
  reason: null,
  pickup_locations: [
    { code: 'sfo', label: 'San Francisco warehouse' },
    { code: 'aus', label: 'Austin warehouse' },
  ],
};

const CREDIT_TERMS: PaymentMethod = {
  code: 'credit_terms',
  name: 'Credit Terms Payment',
  available: true,
  available_credit: usd(2_000_000),
  credit_limit: usd(2_000_000),
  payment_terms_days: 30,
};

/** `GET /checkout/options?quotation=Q-000045`: the two routers at 10 % off (no tax in the global store). */
const OPTIONS: CheckoutOptions = {
  lines: [
    {
      id: 'qln_router',
      sku: 'MAX-BR1-PRO-5G-PRM',
      name: 'Pepwave MAX BR1 Pro 5G Prime',
      qty: 2,
      unit_price: usd(149_900),
      subtotal: usd(299_800),
      discount: usd(29_980),
      tax: usd(0),
      total: usd(269_820),
      options: [],
      serials: [],
      physical: true,
    },
  ],
  store: 'global',
  currency: 'USD',
  shipping_required: true,
  shipping_options: [CUSTOMER_PROVIDED, PRIORITY, PICKUP_ELSEWHERE],
  payment_methods: [
    { code: 'card', name: 'Credit Card', available: true },
    { code: 'paypal', name: 'Paypal Payment', available: true },
    { code: 'bank_transfer', name: 'Bank Transfer', available: true },
    CREDIT_TERMS,
  ],
  gateway: { name: 'test', test_mode: true, tokenize_url: '/gateway/tokens' },
  item_count: 2,
  weight_grams: 1_800,
  totals: { subtotal: usd(299_800), discount: usd(29_980), tax: usd(0), total: usd(269_820) },
  coupon_code: null,
  tax: { charged: false, state: null, rate_bp: 0 },
  quote_country: 'DE',
};

/** The same quotation in the US store, taxed for `tax_state` (or the pick-up location's state). */
function usOptions(call: RecordedCall): CheckoutOptions {
  const q = call.url.searchParams;
  const pickup = q.get('pickup_location');
  const state = pickup === 'aus' ? 'TX' : pickup === 'sfo' ? 'CA' : q.get('tax_state');
  const rate = state === 'TX' ? 825 : state === 'CA' ? 725 : 0;
  const tax = Math.round((269_820 * rate) / 10_000);
  return {
    ...OPTIONS,
    store: 'us',
    lines: [{ ...OPTIONS.lines[0]!, tax: usd(tax), total: usd(269_820 + tax) }],
    shipping_options: [CUSTOMER_PROVIDED, PRIORITY, PICKUP_US],
    totals: { ...OPTIONS.totals, tax: usd(tax), total: usd(269_820 + tax) },
    tax: { charged: true, state, rate_bp: rate },
    quote_country: 'US',
  };
}

const ORDER = { number: 'UL-000123', quotation_number: 'Q-000045' };

function setup(q: QuotationDetail, extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/v1/auth/session': () => session(me()),
    'GET /api/v1/quotations/Q-000045': () => q,
    'GET /api/v1/me/addresses': () => ({ items: [address()], limit: 50 }),
    'GET /api/v1/checkout/options': () => OPTIONS,
    ...extra,
  });
}

function show(url = '/quotation/payment?quotation=Q-000045') {
  return renderRoutes(
    [
      { path: '/quotation/payment', element: <QuotationPaymentPage /> },
      { path: '/checkout/thank-you', element: <h1>Thank you</h1> },
    ],
    url,
  );
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('paying a quotation', { timeout: 20_000 }, () => {
  const optionsCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url.pathname === '/api/v1/checkout/options');
  const pays = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/v1/quotations/Q-000045/pay');

  it('prices the quotation for the destination, shows fee, tax and total, and pays that total with credit terms', async () => {
    const user = userEvent.setup();
    const { calls } = setup(ACCEPTED, { 'POST /api/v1/quotations/Q-000045/pay': () => json(ORDER, 201) });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay quotation Q-000045' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Quotation Q-000045' });
    // The options are the quotation's, for the default address's country (not the cart's, nor the store's).
    const query = optionsCalls(calls)[0]!.url.searchParams;
    expect(query.get('quotation')).toBe('Q-000045');
    expect(query.get('country')).toBe('DE');
    expect(query.get('store')).toBeNull();
    expect(within(summary).getByRole('list', { name: 'Items at the quoted prices' })).toHaveTextContent('Pepwave MAX BR1 Pro 5G Prime × 2$2,698.20');
    expect(within(summary).getByTestId('totals-subtotal')).toHaveTextContent('$2,998.00');
    expect(within(summary).getByTestId('totals-discount')).toHaveTextContent('−$299.80');
    expect(within(summary).getByText('Quotation discount')).toBeInTheDocument();
    expect(within(summary).getByTestId('totals-shipping')).toHaveTextContent('Choose a shipping option');
    expect(within(summary).getByTestId('totals-tax')).toHaveTextContent('No sales tax in this store');
    // Every shipping option of the answer; Self pick-up is only the US store's.
    expect(screen.getByRole('radio', { name: /Customer Provided \$0\.00/ })).toBeEnabled();
    expect(screen.getByRole('radio', { name: /Self pick-up/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Self pick-up/ })).toHaveAccessibleName(/only offered by the US store/);

    await user.click(screen.getByRole('radio', { name: /Priority Shipping \$35\.00 · delivery in 2–4 business days/ }));
    expect(within(summary).getByTestId('totals-shipping')).toHaveTextContent('$35.00');
    expect(within(summary).getByTestId('totals-total')).toHaveTextContent('$2,733.20');
    await user.click(screen.getByRole('radio', { name: /Credit Terms Payment/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $2,733.20' }));
    await waitFor(() => expect(currentUrl()).toBe('/checkout/thank-you?order=UL-000123'));
    const [pay] = pays(calls);
    // The paid quotation's options are not asked for again (they answer 409 once it is ordered).
    expect(optionsCalls(calls.slice(calls.indexOf(pay!)))).toEqual([]);
    expect(pay!.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
    expect(pay!.body).toMatchObject({
      shipping: { method: 'priority', address_id: 'adr_1', carrier: null },
      billing: { same_as_shipping: true },
      payment: { method: 'credit_terms', token: null, payment_intent: null },
      expected_total_cents: 273_320,
      return_path: '/quotation/payment?quotation=Q-000045',
      cancel_path: '/quotation/payment?quotation=Q-000045',
    });
  });

  it('shows the shipping sales quoted as the Priority Shipping fee', async () => {
    const free = quotation({ ...ACCEPTED, totals: { ...ACCEPTED.totals, shipping: usd(0) } });
    setup(free, {
      'GET /api/v1/checkout/options': () => ({ ...OPTIONS, shipping_options: [CUSTOMER_PROVIDED, { ...PRIORITY, fee: usd(0) }, PICKUP_ELSEWHERE] }),
    });
    show();
    expect(await screen.findByRole('radio', { name: /Priority Shipping \$0\.00 · as quoted/ })).toBeInTheDocument();
  });

  it('asks for the shipping option and the payment method before paying', async () => {
    const user = userEvent.setup();
    const { calls } = setup(ACCEPTED);
    show();
    await user.click(await screen.findByRole('button', { name: 'Pay $2,698.20 + shipping' }));
    expect(await screen.findByText('Choose how your order is shipped.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Customer Provided/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $2,698.20' }));
    expect(await screen.findByText('Choose your carrier.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Carrier/), 'UPS');
    await user.type(screen.getByLabelText(/account number with the carrier/), 'UPS-123456');
    await user.click(screen.getByRole('button', { name: 'Pay $2,698.20' }));
    expect(await screen.findByText('Choose a payment method.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers Self pick-up in the US store, taxed for the location, and pays the total with it', async () => {
    const user = userEvent.setup();
    const { calls } = setup(quotation({ ...ACCEPTED, store: 'us' }), {
      'GET /api/v1/me/addresses': () => ({ items: [address({ city: 'San Jose', state: 'CA', postal_code: '95112', country: 'US' })], limit: 50 }),
      'GET /api/v1/checkout/options': usOptions,
      'POST /api/v1/quotations/Q-000045/pay': () => json(ORDER, 201),
    });
    show();
    const summary = await screen.findByRole('region', { name: 'Quotation Q-000045' });
    // The destination goes with the request, as in checkout: the country and the state taxed.
    const first = optionsCalls(calls)[0]!.url.searchParams;
    expect([first.get('quotation'), first.get('country'), first.get('tax_state')]).toEqual(['Q-000045', 'US', 'CA']);
    expect(within(summary).getByText('Sales tax (CA, 7.25%)')).toBeInTheDocument();
    expect(within(summary).getByTestId('totals-tax')).toHaveTextContent('$195.62');

    await user.click(screen.getByRole('radio', { name: /Self pick-up \$0\.00/ }));
    expect(screen.queryByRole('group', { name: 'Shipping address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Bill to the shipping address' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Billing address' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Pick-up location/), 'aus');
    await waitFor(() => expect(within(summary).getByTestId('totals-tax')).toHaveTextContent('$222.60'));
    const last = optionsCalls(calls).at(-1)!.url.searchParams;
    expect([last.get('quotation'), last.get('pickup_location')]).toEqual(['Q-000045', 'aus']);
    expect(within(summary).getByText('Sales tax (TX, 8.25%)')).toBeInTheDocument();
    expect(within(summary).getByTestId('totals-shipping')).toHaveTextContent('$0.00');
    expect(within(summary).getByTestId('totals-total')).toHaveTextContent('$2,920.80');

    await user.click(screen.getByRole('radio', { name: /Bank Transfer/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $2,920.80' }));
    await waitFor(() => expect(currentUrl()).toBe('/checkout/thank-you?order=UL-000123'));
    expect(pays(calls)[0]!.body).toMatchObject({
      shipping: { method: 'pickup', pickup_location: 'aus', carrier: null },
      billing: { same_as_shipping: false, address_id: 'adr_1' },
      payment: { method: 'bank_transfer' },
      expected_total_cents: 292_080,
    });
  });

  it('offers credit terms only when the options say so, with the reason', async () => {
    setup(ACCEPTED, {
      'GET /api/v1/checkout/options': () => ({
        ...OPTIONS,
        payment_methods: [
          ...OPTIONS.payment_methods.filter((m) => m.code !== 'credit_terms'),
          {
            ...CREDIT_TERMS,
            available: false,
            reason_code: 'credit_limit_exceeded',
            reason: 'This order is more than your available credit.',
            available_credit: usd(100_000),
          },
        ],
      }),
    });
    show();
    const credit = await screen.findByRole('radio', { name: /Credit Terms Payment/ });
    expect(credit).toBeDisabled();
    expect(credit).toHaveAccessibleName(/available credit \$1,000\.00, 30 days to pay · This order is more than your available credit\./);
    expect(screen.getByRole('radio', { name: /Bank Transfer/ })).toBeEnabled();
    expect(screen.queryByText(/refused unless/)).not.toBeInTheDocument();
  });

  it('has no shipping part for a digital-only quotation', async () => {
    const user = userEvent.setup();
    const licence: CheckoutOptions = {
      ...OPTIONS,
      lines: [{ ...OPTIONS.lines[0]!, id: 'qln_licence', sku: 'LIC-SF-BOND', name: 'SpeedFusion bonding licence', qty: 1, unit_price: usd(24_900), subtotal: usd(24_900), discount: usd(4_900), total: usd(20_000), physical: false }],
      shipping_required: false,
      shipping_options: [],
      totals: { subtotal: usd(24_900), discount: usd(4_900), tax: usd(0), total: usd(20_000) },
      quote_country: null,
    };
    const { calls } = setup(quotation({ ...ACCEPTED, lines: [LICENCE] }), {
      'GET /api/v1/checkout/options': () => licence,
      'POST /api/v1/quotations/Q-000045/pay': () => json(ORDER, 201),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Billing address' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Priority Shipping/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('totals-shipping')).toHaveTextContent('None (digital delivery)');
    await user.click(screen.getByRole('radio', { name: /Bank Transfer/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $200.00' }));
    await waitFor(() => expect(currentUrl()).toBe('/checkout/thank-you?order=UL-000123'));
    expect(pays(calls)[0]!.body).toMatchObject({
      shipping: null,
      billing: { same_as_shipping: false, address_id: 'adr_1' },
      payment: { method: 'bank_transfer' },
      expected_total_cents: 20_000,
    });
  });

  it('goes to the bank for 3-D Secure and finishes the payment on the way back', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let attempt = 0;
    const { calls } = setup(ACCEPTED, {
      'POST /gateway/tokens': () => ({ id: 'tok_1', card: { brand: 'Visa', last4: '3220', exp_month: 12, exp_year: 2030 }, test_mode: true }),
      'POST /api/v1/quotations/Q-000045/pay': () => {
        attempt += 1;
        return attempt === 1
          ? problem(402, 'payment_requires_action', { redirect_url: '/gateway/3ds/pi_1', payment_intent: 'pi_1' })
          : json(ORDER, 201);
      },
    });
    const first = show();
    await user.click(await screen.findByRole('radio', { name: /Priority Shipping/ }));
    await user.click(screen.getByRole('radio', { name: /Credit Card/ }));
    expect(screen.getByRole('note')).toHaveTextContent('TEST MODE');
    await user.type(screen.getByLabelText(/Card number/), '4000000000003220');
    await user.type(screen.getByLabelText(/Expiry/), '12/30');
    await user.type(screen.getByLabelText(/Security code/), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $2,733.20' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/gateway/3ds/pi_1'));
    expect(pays(calls)[0]!.body).toMatchObject({ payment: { method: 'card', token: 'tok_1', payment_intent: null }, expected_total_cents: 273_320 });
    first.unmount();

    // Back from the bank's page.
    show('/quotation/payment?quotation=Q-000045&payment_intent=pi_1&redirect_status=succeeded');
    await waitFor(() => expect(currentUrl()).toBe('/checkout/thank-you?order=UL-000123'));
    expect(pays(calls)).toHaveLength(2);
    expect(pays(calls)[1]!.body).toMatchObject({
      shipping: { method: 'priority', address_id: 'adr_1' },
      payment: { method: 'card', token: null, payment_intent: 'pi_1' },
      expected_total_cents: 273_320,
    });
    expect(pays(calls)[1]!.headers.get('Idempotency-Key')).not.toBe(pays(calls)[0]!.headers.get('Idempotency-Key'));
  });

  it('shows why a payment failed, keeps the form and lets the buyer pay again', async () => {
    const user = userEvent.setup();
    setup(ACCEPTED, { 'POST /api/v1/quotations/Q-000045/pay': () => problem(422, 'credit_limit_exceeded') });
    show();
    await user.click(await screen.findByRole('radio', { name: /Priority Shipping/ }));
    await user.click(screen.getByRole('radio', { name: /Credit Terms Payment/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $2,733.20' }));
    const failed = await screen.findByRole('alert');
    expect(within(failed).getByRole('heading', { name: 'The quotation was not paid' })).toBeInTheDocument();
    expect(failed).toHaveTextContent('credit_limit_exceeded detail');
    await waitFor(() => expect(failed).toHaveFocus());
    expect(screen.getByRole('radio', { name: /Credit Terms Payment/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $2,733.20' })).toBeEnabled();
  });

  it('on price_changed shows the new total, prices the summary again and pays it when the buyer confirms', async () => {
    const user = userEvent.setup();
    let changed = false;
    const { calls } = setup(ACCEPTED, {
      // The store's Priority Shipping rate went up between showing the page and paying.
      'GET /api/v1/checkout/options': () =>
        changed ? { ...OPTIONS, shipping_options: [CUSTOMER_PROVIDED, { ...PRIORITY, fee: usd(4_180) }, PICKUP_ELSEWHERE] } : OPTIONS,
      'POST /api/v1/quotations/Q-000045/pay': () => {
        if (changed) return json(ORDER, 201);
        changed = true;
        return problem(409, 'price_changed', { total_cents: 274_000 });
      },
    });
    show();
    await user.click(await screen.findByRole('radio', { name: /Priority Shipping/ }));
    await user.click(screen.getByRole('radio', { name: /Credit Terms Payment/ }));
    const before = optionsCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Pay $2,733.20' }));
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Prices changed since you started. Review the new total, then confirm again.');
    expect(within(failed).getByTestId('q-pay-new-total')).toHaveTextContent(
      'The total is now $2,740.00 (it was $2,733.20). Check the summary, then pay $2,740.00 to confirm.',
    );
    await waitFor(() => expect(failed).toHaveFocus());
    await waitFor(() => expect(screen.getByTestId('totals-total')).toHaveTextContent('$2,740.00'));
    expect(optionsCalls(calls).length).toBeGreaterThan(before);
    expect(screen.getByTestId('totals-shipping')).toHaveTextContent('$41.80');

    await user.click(screen.getByRole('button', { name: 'Pay $2,740.00' }));
    await waitFor(() => expect(currentUrl()).toBe('/checkout/thank-you?order=UL-000123'));
    expect(pays(calls).map((c) => (c.body as { expected_total_cents: number }).expected_total_cents)).toEqual([273_320, 274_000]);
    expect(pays(calls)[1]!.headers.get('Idempotency-Key')).not.toBe(pays(calls)[0]!.headers.get('Idempotency-Key'));
  });

  it('confirms the server’s new total even when the summary cannot show it, until the destination or shipping changes', async () => {
    const user = userEvent.setup();
    const { calls } = setup(ACCEPTED, { 'POST /api/v1/quotations/Q-000045/pay': () => problem(409, 'price_changed', { total_cents: 274_000 }) });
    show();
    await user.click(await screen.findByRole('radio', { name: /Priority Shipping/ }));
    await user.click(screen.getByRole('radio', { name: /Bank Transfer/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $2,733.20' }));
    expect(await screen.findByTestId('q-pay-new-total')).toHaveTextContent('The total is now $2,740.00');
    await user.click(screen.getByRole('button', { name: 'Pay $2,740.00' }));
    await waitFor(() => expect(pays(calls)).toHaveLength(2));
    expect((pays(calls)[1]!.body as { expected_total_cents: number }).expected_total_cents).toBe(274_000);
    // Another shipping option is priced again from the options.
    await user.click(screen.getByRole('radio', { name: /Customer Provided/ }));
    expect(screen.getByRole('button', { name: 'Pay $2,698.20' })).toBeInTheDocument();
  });

  it('explains a quotation the options refuse (expired since the page opened) and links back to it', async () => {
    setup(ACCEPTED, { 'GET /api/v1/checkout/options': () => problem(409, 'quotation_expired') });
    show();
    expect(await screen.findByText('quotation_expired detail')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to quotation Q-000045' })).toHaveAttribute('href', '/account/quotation/Q-000045');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('explains a quotation that cannot be paid yet and links back to it', async () => {
    const { calls } = setup(quotation({ status: 'quoted', status_label: 'Quoted', actions: { ...NO_ACTIONS, accept: true } }));
    show();
    expect(await screen.findByText(/Accept the prices of quotation Q-000045 first/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to quotation Q-000045' })).toHaveAttribute('href', '/account/quotation/Q-000045');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(optionsCalls(calls)).toHaveLength(0);
  });

  it('sends guests to sign in and back', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => session(null) });
    show();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?return_to=${encodeURIComponent('/quotation/payment?quotation=Q-000045')}`,
    );
  });
});
