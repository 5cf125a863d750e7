import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { currentUrl, renderPage } from '@/testing/render';
import StaffCustomersPage from './staff-customers-page';

const usd = (cents: number) => ({ cents, currency: 'USD' });

describe('staff customers page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists overdue invoices and customers, and searches with the query in the URL', async () => {
    const { calls } = mockApi({
      'GET /api/v1/staff/credit/overdue': () => [
        {
          customer: { id: 'usr_1', email: 'bianca@northwind.test', name: 'Bianca Ortiz', company: 'Northwind Networks Inc.' },
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
      'GET /api/v1/staff/customers': () => [
        {
          id: 'usr_1',
          email: 'bianca@northwind.test',
          name: 'Bianca Ortiz',
          company: 'Northwind Networks Inc.',
          country: 'US',
          terms: { credit_limit: usd(5_000_000), payment_terms_days: 30, may_exceed_limit: false },
          owed: usd(400_000),
          available: usd(4_600_000),
        },
        { id: 'usr_2', email: 'clara@example.com', name: 'Clara Weber', company: null, country: 'DE', terms: null, owed: usd(0), available: null },
      ],
    });
    renderPage(<StaffCustomersPage />, '/admin/customers');
    expect(await screen.findByText('2 days overdue')).toBeInTheDocument();
    expect(await screen.findByText(/\$46,000\.00 of \$50,000\.00 available/)).toBeInTheDocument();
    expect(screen.getByText('No credit terms')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Search customers/), 'northwind');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/customers?q=northwind'));
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/v1/staff/customers' && c.url.searchParams.get('q') === 'northwind')).toBe(true),
    );
  });
});
