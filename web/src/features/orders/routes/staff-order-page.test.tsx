import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '@/testing/api-mock';
import { me, session } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { completedOrder } from '../testing-order';
import StaffOrderPage from './staff-order-page';

const render = () => renderRoutes([{ path: '/admin/orders/:number', element: <StaffOrderPage /> }], '/admin/orders/UL-000200');

describe('staff order page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows admins the refund form and credit notes, and fulfilment neither refund nor its controls', async () => {
    const order = completedOrder({
      refunds: [{ number: 'CN-000003', amount: { cents: 5_001, currency: 'EUR' }, reason: 'Broken', created_at: '2026-11-22T00:00:00Z', lines: [], credit_note_url: '/api/v1/orders/UL-000200/credit-notes/CN-000003.pdf' }],
    });
    mockApi({ 'GET /api/v1/auth/session': () => session(me({ roles: ['admin'] })), 'GET /api/v1/staff/orders/UL-000200': () => order });
    const { unmount } = render();
    expect(await screen.findByTestId('refund-form')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Credit note CN-000003 (PDF)' })).toHaveAttribute('href', '/api/v1/staff/orders/UL-000200/credit-notes/CN-000003.pdf');
    unmount();
    vi.unstubAllGlobals();
    mockApi({ 'GET /api/v1/auth/session': () => session(me({ roles: ['fulfilment'] })), 'GET /api/v1/staff/orders/UL-000200': () => order });
    render();
    expect(await screen.findByRole('heading', { name: /Refunds and credit notes/ })).toBeInTheDocument();
    expect(screen.queryByTestId('refund-form')).not.toBeInTheDocument();
  });

  it('marks a shipped order delivered', async () => {
    const start = completedOrder({ status: 'shipped' });
    let current = start;
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(me({ roles: ['fulfilment'] })),
      'GET /api/v1/staff/orders/UL-000200': () => current,
      'POST /api/v1/staff/orders/UL-000200/complete': () => (current = { ...current, status: 'completed' }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText(/Marked delivered/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/complete'))).toBe(true);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Completed'));
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument();
  });

  it('asks for a reason to cancel and says nothing changed when the provider declines the refund', async () => {
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(me({ roles: ['fulfilment'] })),
      'GET /api/v1/staff/orders/UL-000200': () => completedOrder({ status: 'processing', can_cancel: true }),
      'POST /api/v1/staff/orders/UL-000200/cancel': () => problem(402, 'refund_declined'),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText(/Give the reason/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Reason for cancelling/), 'Out of stock');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText(/declined to return the money, so the order was not cancelled; nothing changed/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Out of stock' });
  });
});
