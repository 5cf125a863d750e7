import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import type { QuotationDetail } from '@/lib/resources/quotations/types';
import { LICENCE, NO_ACTIONS, quotation, quotationLine } from '../test/fixtures';
import StaffQuotationPage from './staff-quotation-page';

afterEach(() => vi.unstubAllGlobals());

const IN_REVIEW: QuotationDetail = quotation({
  status: 'in_review',
  status_label: 'In review',
  submitted_at: '2026-11-20T11:00:00Z',
  assignee: 'sales@uplink.test',
  version: 4,
  lines: [quotationLine(), LICENCE],
  customer: { id: 'usr_9', email: 'buyer@northwind.test', name: 'Bianca Ortiz', company: 'Northwind Networks Inc.', has_credit_terms: true },
  actions: { ...NO_ACTIONS, edit: true, send: true, decline: true, comment: true },
});

function show() {
  return renderRoutes([{ path: '/admin/quotations/:number', element: <StaffQuotationPage /> }], '/admin/quotations/Q-000045');
}

describe('staff quotation page', { timeout: 20_000 }, () => {
  it('shows the customer and computes each line’s price as it is typed', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/v1/staff/quotations/Q-000045': () => IN_REVIEW });
    show();
    const customer = await screen.findByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('Northwind Networks Inc.');
    expect(customer).toHaveTextContent('buyer@northwind.test');
    expect(customer).toHaveTextContent('Credit terms');

    const [router, licence] = screen.getAllByTestId('editor-line');
    expect(within(router!).getByTestId('line-result')).toHaveTextContent('$2,998.00');
    expect(within(licence!).getByTestId('line-result')).toHaveTextContent('$200.00');
    expect(within(licence!).getByLabelText(/Amount off the line/)).toHaveValue('49');

    await user.selectOptions(within(router!).getByLabelText('Price'), 'percent_off');
    await user.type(within(router!).getByLabelText(/Percent off/), '12.5');
    expect(within(router!).getByTestId('line-result')).toHaveTextContent('$2,623.25');
    expect(within(router!).getByTestId('line-result')).toHaveTextContent('−$374.75');
    expect(screen.getByTestId('editor-total')).toHaveTextContent('Quoted subtotal $2,823.25');

    await user.selectOptions(within(licence!).getByLabelText('Price'), 'proposed_total');
    await user.clear(within(licence!).getByLabelText(/Line total/));
    await user.type(within(licence!).getByLabelText(/Line total/), '300');
    expect(within(licence!).getByTestId('line-result')).toHaveTextContent('—');
    expect(screen.getByTestId('editor-total')).toHaveTextContent('Fix the marked prices');
  });

  it('saves the whole state with the version it loaded', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/staff/quotations/Q-000045': () => IN_REVIEW,
      'PATCH /api/v1/staff/quotations/Q-000045': () => ({ ...IN_REVIEW, version: 5 }),
    });
    show();
    const [router] = await screen.findAllByTestId('editor-line');
    await user.selectOptions(within(router!).getByLabelText('Price'), 'percent_off');
    await user.type(within(router!).getByLabelText(/Percent off/), '10');
    await user.type(screen.getByLabelText(/Shipping price/), '25');
    await user.type(screen.getByLabelText('Comment for the customer'), 'Volume price for 2 units');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Saved\./)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      version: 4,
      lines: [
        { id: 'qln_router', quote: { kind: 'percent_off', basis_points: 1_000 } },
        { id: 'qln_licence', quote: { kind: 'amount_off', cents: 4_900 } },
      ],
      shipping_cents: 2_500,
      valid_until: null,
      comment: 'Volume price for 2 units',
    });
  });

  it('does not send a price above the catalogue price', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /api/v1/staff/quotations/Q-000045': () => IN_REVIEW });
    show();
    const [, licence] = await screen.findAllByTestId('editor-line');
    const amount = within(licence!).getByLabelText(/Amount off the line/);
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/at most the line’s catalogue price/));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('explains a version conflict and reloads the saved prices', async () => {
    const user = userEvent.setup();
    let current = IN_REVIEW;
    mockApi({
      'GET /api/v1/staff/quotations/Q-000045': () => current,
      'PATCH /api/v1/staff/quotations/Q-000045': () => {
        current = { ...IN_REVIEW, version: 6, lines: [quotationLine({ quote: { kind: 'proposed_total', cents: 250_000 }, quoted_total: { cents: 250_000, currency: 'USD' } }), LICENCE] };
        return problem(409, 'version_conflict', { version: 6 });
      },
    });
    show();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else saved this quotation since you opened it.');
    await waitFor(() => expect(alert).toHaveFocus());
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText(/Reloaded: the form shows the prices as saved now/)).toBeInTheDocument();
    const [router] = screen.getAllByTestId('editor-line');
    expect(within(router!).getByLabelText('Price')).toHaveValue('proposed_total');
    expect(within(router!).getByLabelText(/Line total/)).toHaveValue('2500');
  });

  it('saves, then sends the prices with the comment', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/staff/quotations/Q-000045': () => IN_REVIEW,
      'PATCH /api/v1/staff/quotations/Q-000045': () => ({ ...IN_REVIEW, version: 5 }),
      'POST /api/v1/staff/quotations/Q-000045/send': () => ({
        ...IN_REVIEW,
        status: 'quoted',
        status_label: 'Quoted',
        valid_until: '2026-12-26T23:59:59.999Z',
        actions: { ...NO_ACTIONS, decline: true, comment: true },
      }),
    });
    show();
    await user.type(await screen.findByLabelText('Comment for the customer'), 'Best we can do');
    await user.click(screen.getByRole('button', { name: 'Send to customer' }));
    expect(await screen.findByText('Prices sent to buyer@northwind.test, valid until 26 Dec 2026.')).toBeInTheDocument();
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'PATCH /api/v1/staff/quotations/Q-000045',
      'POST /api/v1/staff/quotations/Q-000045/send',
    ]);
    expect(writes[0]!.body).not.toHaveProperty('comment');
    expect(writes[1]!.body).toEqual({ comment: 'Best we can do' });
    // Sent: the prices are shown, no longer edited.
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('quotation-line')).toHaveLength(2);
  });

  it('declines with a reason after asking', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/staff/quotations/Q-000045': () => IN_REVIEW,
      'POST /api/v1/staff/quotations/Q-000045/decline': () => ({ ...IN_REVIEW, status: 'declined', status_label: 'Declined', actions: NO_ACTIONS }),
    });
    show();
    await user.click(await screen.findByRole('button', { name: 'Decline…' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline quotation Q-000045?' });
    await user.type(within(dialog).getByLabelText('Reason for the customer'), 'Discontinued model');
    await user.click(within(dialog).getByRole('button', { name: 'Decline quotation' }));
    expect(await screen.findByText(/Quotation Q-000045 declined/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ comment: 'Discontinued model' });
  });

  it('tells a customer without the sales role whose page it is', async () => {
    mockApi({ 'GET /api/v1/staff/quotations/Q-000045': () => problem(403, 'forbidden') });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Quotations are for sales staff.');
  });
});
