import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StaffOrdersPage from './staff-orders-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

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

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StaffOrdersPage />
    </QueryClientProvider>,
  );
}

describe('staff orders page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows who referred an order and marks a bank transfer paid', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: Request) => {
        const path = new URL(input.url).pathname;
        calls.push(`${input.method} ${path}`);
        if (path === '/api/v1/staff/orders') {
          return Promise.resolve(
            json([
              order({ number: 'UL-000101', referred_by: 'Northwind Networks Ltd' }),
              order({ number: 'UL-000102', status: 'pending_payment', payment_method: 'bank_transfer', payment_status: 'pending' }),
            ]),
          );
        }
        return Promise.resolve(json({}));
      }),
    );
    renderPage();
    expect(await screen.findByText('UL-000101')).toBeInTheDocument();
    expect(screen.getByText(/referred by Northwind Networks Ltd/)).toBeInTheDocument();
    expect(screen.getAllByText(/referred by/)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Mark bank transfer paid' }));
    expect(calls).toContain('POST /api/v1/staff/orders/UL-000102/mark-paid');
  });
});
