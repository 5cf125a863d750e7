import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/lib/api/schema';
import { type ApiHandler, json, mockApi, problem } from '@/testing/api-mock';
import { address, me, session, usd } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import type { QuotationDetail } from '@/lib/resources/quotations/types';
import { LICENCE, NO_ACTIONS, quotation, quotationLine } from '../test/fixtures';
import QuotationPaymentPage from './quotation-payment-page';

type CheckoutOptions = components['schemas']['CheckoutOptions'];

const ACCEPTED: QuotationDetail = quotation({
  status: 'accepted',
  status_label: 'Accepted',
  valid_until: '2026-12-20T23:59:59.999Z',
  lines: [quotationLine({ quote: { kind: 'percent_off', basis_points: 1_000 }, quoted_total: usd(269_820) })],
  actions: { ...NO_ACTIONS, pay: true, request_revision: true, close: true, comment: true },
});

const OPTIONS: CheckoutOptions = {
  lines: [],
  store: 'global',
  currency: 'USD',
  shipping_required: false,
  shipping_options: [],
  payment_methods: [
    { code: 'card', name: 'Credit Card', available: true },
    { code: 'paypal', name: 'Paypal Payment', available: true },
    { code: 'bank_transfer', name: 'Bank Transfer', available: true },
    {
      code: 'credit_terms',
      name: 'Credit Terms Payment',
      available: true,
      available_credit: usd(2_000_000),
      credit_limit: usd(2_000_000),
      payment_terms_days: 30,
    },
  ],
  gateway: { name: 'test', test_mode: true, tokenize_url: '/gateway/tokens' },
  item_count: 0,
  weight_grams: 0,
  totals: { subtotal: usd(0), discount: usd(0), tax: usd(0), total: usd(0) },
  coupon_code: null,
  tax: { charged: false, state: null, rate_bp: 0 },
};

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
  it('pays with credit terms to the default address, with an Idempotency-Key, then shows the order', async () => {
    const user = userEvent.setup();
    const { calls } = setup(ACCEPTED, { 'POST /api/v1/quotations/Q-000045/pay': () => json(ORDER, 201) });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay quotation Q-000045' })).toBeInTheDocument();
    expect(await screen.findByTestId('q-total')).toHaveTextContent('$2,698.20');
    expect(calls.find((c) => c.url.pathname === '/api/v1/checkout/options')?.url.searchParams.get('store')).toBe('global');
    await user.click(screen.getByRole('radio', { name: /Priority Shipping/ }));
    await user.click(screen.getByRole('radio', { name: /Credit Terms Payment/ }));
    await user.click(screen.getByRole('button', { name: /Pay \$2,698\.20 \+ tax/ }));
    await waitFor(() => expect(currentUrl()).toBe('/checkout/thank-you?order=UL-000123'));
    const pay = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/v1/quotations/Q-000045/pay')!;
    expect(pay.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
    expect(pay.body).toMatchObject({
      shipping: { method: 'priority', address_id: 'adr_1', carrier: null },
      billing: { same_as_shipping: true },
      payment: { method: 'credit_terms', token: null, payment_intent: null },
      return_path: '/quotation/payment?quotation=Q-000045',
      cancel_path: '/quotation/payment?quotation=Q-000045',
    });
  });

  it('asks for the shipping option and the payment method before paying', async () => {
    const user = userEvent.setup();
    const { calls } = setup(ACCEPTED);
    show();
    await user.click(await screen.findByRole('button', { name: /Pay \$2,698\.20/ }));
    expect(await screen.findByText('Choose how your order is shipped.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Customer Provided/ }));
    await user.click(screen.getByRole('button', { name: /Pay \$2,698\.20/ }));
    expect(await screen.findByText('Choose your carrier.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Carrier/), 'UPS');
    await user.type(screen.getByLabelText(/account number with the carrier/), 'UPS-123456');
    await user.click(screen.getByRole('button', { name: /Pay \$2,698\.20/ }));
    expect(await screen.findByText('Choose a payment method.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('has no shipping part for a digital-only quotation', async () => {
    const user = userEvent.setup();
    const { calls } = setup(quotation({ ...ACCEPTED, lines: [LICENCE] }), {
      'POST /api/v1/quotations/Q-000045/pay': () => json(ORDER, 201),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Billing address' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Priority Shipping/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Bank Transfer/ }));
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(currentUrl()).toBe('/checkout/thank-you?order=UL-000123'));
    const pay = calls.find((c) => c.url.pathname.endsWith('/pay'))!;
    expect(pay.body).toMatchObject({ shipping: null, billing: { same_as_shipping: false, address_id: 'adr_1' }, payment: { method: 'bank_transfer' } });
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
    await user.click(screen.getByRole('button', { name: /Pay \$2,698\.20/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/gateway/3ds/pi_1'));
    const pays = () => calls.filter((c) => c.url.pathname.endsWith('/pay'));
    expect(pays()[0]!.body).toMatchObject({ payment: { method: 'card', token: 'tok_1', payment_intent: null } });
    first.unmount();

    // Back from the bank's page.
    show('/quotation/payment?quotation=Q-000045&payment_intent=pi_1&redirect_status=succeeded');
    await waitFor(() => expect(currentUrl()).toBe('/checkout/thank-you?order=UL-000123'));
    expect(pays()).toHaveLength(2);
    expect(pays()[1]!.body).toMatchObject({
      shipping: { method: 'priority', address_id: 'adr_1' },
      payment: { method: 'card', token: null, payment_intent: 'pi_1' },
    });
    expect(pays()[1]!.headers.get('Idempotency-Key')).not.toBe(pays()[0]!.headers.get('Idempotency-Key'));
  });

  it('shows why a payment failed, keeps the form and lets the buyer pay again', async () => {
    const user = userEvent.setup();
    setup(ACCEPTED, { 'POST /api/v1/quotations/Q-000045/pay': () => problem(422, 'credit_limit_exceeded') });
    show();
    await user.click(await screen.findByRole('radio', { name: /Priority Shipping/ }));
    await user.click(screen.getByRole('radio', { name: /Credit Terms Payment/ }));
    await user.click(screen.getByRole('button', { name: /Pay \$2,698\.20/ }));
    const failed = await screen.findByRole('alert');
    expect(within(failed).getByRole('heading', { name: 'The quotation was not paid' })).toBeInTheDocument();
    expect(failed).toHaveTextContent('credit_limit_exceeded detail');
    await waitFor(() => expect(failed).toHaveFocus());
    expect(screen.getByRole('radio', { name: /Credit Terms Payment/ })).toBeChecked();
    expect(screen.getByRole('button', { name: /Pay \$2,698\.20/ })).toBeEnabled();
  });

  it('explains a quotation that cannot be paid yet and links back to it', async () => {
    setup(quotation({ status: 'quoted', status_label: 'Quoted', actions: { ...NO_ACTIONS, accept: true } }));
    show();
    expect(await screen.findByText(/Accept the prices of quotation Q-000045 first/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to quotation Q-000045' })).toHaveAttribute('href', '/account/quotation/Q-000045');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
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
