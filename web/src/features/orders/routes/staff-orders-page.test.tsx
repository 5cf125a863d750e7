import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { renderPage } from '@/testing/render';
import StaffOrdersPage from './staff-orders-page';

const order = (over: Record<string, unknown>) => ({
  number: 'UL-000101',
  status: 'processing',
  email: 'buyer@example.com',
  placed_at: '2026-11-21T10:00:00Z',
  total: { cents: 12_345, currency: 'EUR' },
  payment_method: 'card',
  payment_status: 'paid',
  shipping_method: 'priority',
  referred_by: null,
  ...over,
});

describe('staff orders page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows who referred an order and marks a bank transfer paid', async () => {
    const { calls } = mockApi({
      'GET /api/v1/staff/orders': () => [
        order({ number: 'UL-000101', referred_by: 'Northwind Networks Ltd' }),
        order({ number: 'UL-000102', status: 'pending_payment', payment_method: 'bank_transfer', payment_status: 'pending' }),
      ],
      'POST /api/v1/staff/orders/UL-000102/mark-paid': () => ({}),
    });
    renderPage(<StaffOrdersPage />, '/staff/orders');
    expect(await screen.findByText('UL-000101')).toBeInTheDocument();
    expect(screen.getByText(/referred by Northwind Networks Ltd/)).toBeInTheDocument();
    expect(screen.getAllByText(/referred by/)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Mark bank transfer paid' }));
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toContain(
        'POST /api/v1/staff/orders/UL-000102/mark-paid',
      ),
    );
  });
});
