import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { currentUrl, renderPage } from '@/testing/render';
import StaffOrdersPage from './staff-orders-page';

const order = (over: Record<string, unknown>): Record<string, unknown> => ({
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

  it('lists orders with links and who referred them, filters from the URL and pages with the last row', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => order({ number: `UL-0001${String(i).padStart(2, '0')}`, placed_at: `2026-11-21T10:${String(59 - i).padStart(2, '0')}:00Z` }));
    rows[0] = { ...rows[0]!, referred_by: 'Northwind Networks Ltd' };
    const { calls } = mockApi({ 'GET /api/v1/staff/orders': () => rows });
    renderPage(<StaffOrdersPage />, '/admin/orders?status=processing&sku=RTR-1&limit=25');
    expect(await screen.findByRole('link', { name: 'UL-000100' })).toHaveAttribute('href', '/admin/orders/UL-000100');
    expect(screen.getAllByText(/referred by Northwind Networks Ltd/)).toHaveLength(1);
    expect(screen.getByLabelText('Status')).toHaveValue('processing');
    expect(screen.getByLabelText('SKU')).toHaveValue('RTR-1');
    const first = calls[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ status: 'processing', sku: 'RTR-1', limit: '25' });
    await userEvent.type(screen.getByLabelText('Customer e-mail'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/orders?status=processing&customer=ann%40example.com&sku=RTR-1&limit=25'));
    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('before')).toBe('2026-11-21T10:35:00Z'));
    expect(currentUrl()).toContain('before=2026-11-21T10%3A35%3A00Z');
  });
});
