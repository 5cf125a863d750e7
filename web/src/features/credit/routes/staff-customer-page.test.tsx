import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import StaffCustomerPage from './staff-customer-page';

const usd = (cents: number) => ({ cents, currency: 'USD' });

const account = (over: Record<string, unknown> = {}) => ({
  customer: { id: 'usr_1', email: 'bianca@northwind.test', name: 'Bianca Ortiz', company: 'Northwind Networks Inc.' },
  terms: { credit_limit: usd(5_000_000), payment_terms_days: 30, may_exceed_limit: false },
  owed: usd(400_000),
  available: usd(4_600_000),
  open_invoices: [
    {
      order_number: 'UL-000002',
      order_status: 'completed',
      placed_at: '2026-11-14T10:00:00Z',
      due_at: '2026-11-24T10:00:00Z',
      invoiced: usd(400_000),
      settled: usd(0),
      outstanding: usd(400_000),
      days_overdue: 2,
    },
  ],
  history: [
    {
      id: 'crd_2',
      kind: 'Purchased',
      amount: usd(400_000),
      order_number: 'UL-000002',
      note: 'Order UL-000002',
      by: 'checkout',
      at: '2026-11-14T10:00:00Z',
      due_at: '2026-11-24T10:00:00Z',
      owed_after: usd(400_000),
      available_after: usd(4_600_000),
    },
    {
      id: 'crd_1',
      kind: 'Allocated',
      amount: usd(5_000_000),
      order_number: null,
      note: '$50,000.00 limit, 30 days, may not exceed the limit',
      by: 'sales@uplink.test',
      at: '2026-06-01T10:00:00Z',
      due_at: null,
      owed_after: usd(0),
      available_after: usd(5_000_000),
    },
  ],
  history_total: 2,
  ...over,
});

function renderAt(id = 'usr_1') {
  return renderRoutes([{ path: '/admin/customers/:id', element: <StaffCustomerPage /> }], `/admin/customers/${id}`);
}

describe('staff customer credit page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the balance, the overdue invoice and the history with who made each entry', async () => {
    mockApi({ 'GET /api/v1/staff/customers/usr_1/credit-terms': () => account() });
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Northwind Networks Inc.' })).toBeInTheDocument();
    const figures = screen.getByText('Available credit').closest('div');
    expect(figures).toHaveTextContent('$46,000.00');
    const invoices = screen.getByRole('table', { name: /Open credit-terms invoices/ });
    expect(within(invoices).getByText('2 days overdue')).toBeInTheDocument();
    const history = screen.getByRole('table', { name: /Credit history/ });
    expect(within(history).getByText('+$4,000.00')).toBeInTheDocument();
    expect(within(history).getByText('Limit $50,000.00')).toBeInTheDocument();
    expect(within(history).getByText('by sales@uplink.test')).toBeInTheDocument();
  });

  it('saves new terms and puts the server’s field errors on the fields', async () => {
    let attempts = 0;
    const { calls } = mockApi({
      'GET /api/v1/staff/customers/usr_1/credit-terms': () => account(),
      'PUT /api/v1/staff/customers/usr_1/credit-terms': () => {
        attempts += 1;
        return attempts === 1
          ? problem(422, 'validation_failed', {
              errors: [{ field: 'payment_terms_days', code: 'validation_failed', message: 'Set payment terms from 1 to 365 days.' }],
            })
          : account({ terms: { credit_limit: usd(7_500_000), payment_terms_days: 45, may_exceed_limit: true }, history_total: 3 });
      },
    });
    renderAt();
    const limit = await screen.findByLabelText(/Credit limit/);
    await userEvent.clear(limit);
    await userEvent.type(limit, '75,000');
    const days = screen.getByLabelText(/Payment terms/);
    await userEvent.clear(days);
    await userEvent.type(days, '45');
    await userEvent.click(screen.getByLabelText(/May exceed the limit/));
    await userEvent.click(screen.getByRole('button', { name: 'Save credit terms' }));
    expect(await screen.findByText('Set payment terms from 1 to 365 days.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save credit terms' }));
    await waitFor(() => expect(attempts).toBe(2));
    const put = calls.filter((c) => c.method === 'PUT').at(-1);
    expect(put?.body).toEqual({ credit_limit_cents: 7_500_000, payment_terms_days: 45, may_exceed_limit: true });
  });

  it('refuses a limit that is not an amount before asking the server', async () => {
    const { calls } = mockApi({ 'GET /api/v1/staff/customers/usr_1/credit-terms': () => account() });
    renderAt();
    const limit = await screen.findByLabelText(/Credit limit/);
    await userEvent.clear(limit);
    await userEvent.type(limit, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save credit terms' }));
    expect(await screen.findByText(/Enter a limit in dollars/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('records a payment against an invoice, the outstanding amount offered by default', async () => {
    const { calls } = mockApi({
      'GET /api/v1/staff/customers/usr_1/credit-terms': () => account(),
      'POST /api/v1/staff/orders/UL-000002/credit-payment': () => account({ open_invoices: [], owed: usd(0) }),
    });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Record payment for UL-000002' }));
    const form = screen.getByRole('form', { name: 'Record a payment for UL-000002' });
    expect(within(form).getByLabelText(/Amount/)).toHaveValue('4000');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await within(form).findByText('Enter the bank line or cheque number.')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/Reference/), 'BANK 2026-11-26');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText(/No open invoices/)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ amount_cents: 400_000, reference: 'BANK 2026-11-26' });
  });

  it('tells a customer without the role whose page this is', async () => {
    mockApi({ 'GET /api/v1/staff/customers/usr_1/credit-terms': () => problem(403, 'forbidden') });
    renderAt();
    expect(await screen.findByText(/are for sales staff/)).toBeInTheDocument();
  });
});
