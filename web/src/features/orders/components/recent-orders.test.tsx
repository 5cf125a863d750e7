import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { usd } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { RecentOrders } from './recent-orders';

afterEach(() => vi.unstubAllGlobals());

const order = (n: number) => ({
  number: `UL-10000${n}`,
  status: n === 1 ? 'shipped' : 'processing',
  placed_at: '2026-11-20T10:00:00Z',
  total: usd(19_900 * n),
  payment_method: 'credit_card',
  item_count: n,
  items: ['Pepwave Surf SOHO'],
});

describe('account dashboard: recent orders', { timeout: 20_000 }, () => {
  it('lists the five newest orders with status and total, and links to all', async () => {
    const { calls } = mockApi({
      'GET /api/v1/orders': () => ({ items: [1, 2, 3, 4, 5, 6].map(order), total: 6, page: 1, page_size: 20 }),
    });
    renderPage(<RecentOrders />, '/account');
    const list = await screen.findByRole('list', { name: 'Recent orders, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0]!).getByRole('link', { name: 'UL-100001' })).toHaveAttribute('href', '/order/UL-100001');
    expect(items[0]).toHaveTextContent('1 item · $199.00');
    expect(items[0]).toHaveTextContent('Shipped');
    expect(items[1]).toHaveTextContent('2 items · $398.00');
    expect(screen.getByRole('link', { name: 'See all 6 orders' })).toHaveAttribute('href', '/order');
    expect(calls[0]!.url.searchParams.get('page')).toBeNull();
  });

  it('says where to start when there is no order yet', async () => {
    mockApi({ 'GET /api/v1/orders': () => ({ items: [], total: 0, page: 1, page_size: 20 }) });
    renderPage(<RecentOrders />, '/account');
    expect(await screen.findByText(/You haven’t placed an order yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the products' })).toHaveAttribute('href', '/products');
  });
});
