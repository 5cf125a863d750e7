import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { me, session } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import AdminLayout from '../components/admin-layout';
import type { AdminProductRow, CatalogReference } from '../api/types';
import AdminProductsPage from './products-page';

const REFERENCE: CatalogReference = {
  brands: [{ value: 'Uplink', label: 'Uplink' }],
  product_types: [{ value: 'hardware', label: 'Hardware' }],
  statuses: [
    { value: 'active', label: 'Active' },
    { value: 'draft', label: 'Draft' },
  ],
  labels: [],
  option_kinds: [],
  download_kinds: [],
  prime: [],
  warehouses: [],
  stock_reasons: [],
  categories: [{ slug: 'routers', name: 'Routers', parent: null }],
  models: [],
  stores: [{ value: 'us', label: 'US' }],
};

function row(sku: string, price: number): AdminProductRow {
  return {
    id: `prd_${sku}`,
    sku,
    name: `Router ${sku}`,
    product_type: 'hardware',
    status: 'active',
    brand: 'Uplink',
    price_cents: price,
    compare_at_cents: null,
    purchasable: true,
    parent_id: null,
    variant_count: 0,
    available: 3,
    image_url: null,
    updated_at: '2026-11-27T10:00:00Z',
    version: 1,
  };
}

describe('admin product list', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps search, filters, sort and page in the URL and sends them to the API', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(me({ roles: ['admin'] })),
      'GET /api/v1/admin/catalog/reference': () => REFERENCE,
      'GET /api/v1/admin/products': () => ({ items: [row('UL-A', 10_000), row('UL-B', 20_000)], total: 120, page: 1, per_page: 50 }),
    });
    renderRoutes([{ path: '/admin/products', element: <AdminProductsPage /> }], '/admin/products?status=draft');
    expect(await screen.findByRole('link', { name: 'Router UL-A' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('draft');
    await user.type(screen.getByLabelText('Search SKU or name'), 'br1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(currentUrl()).toBe('/admin/products?q=br1&status=draft');
    await user.click(screen.getByRole('button', { name: /List price/ }));
    expect(currentUrl()).toBe('/admin/products?q=br1&status=draft&sort=price');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(currentUrl()).toBe('/admin/products?q=br1&status=draft&sort=price&page=2');
    const last = calls.filter((c) => c.url.pathname === '/api/v1/admin/products').at(-1);
    expect(Object.fromEntries(last?.url.searchParams ?? [])).toEqual({ q: 'br1', status: 'draft', sort: 'price', page: '2', per_page: '50' });
  });

  it('previews a bulk price change for the selection, then applies it', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(me({ roles: ['admin'] })),
      'GET /api/v1/admin/catalog/reference': () => REFERENCE,
      'GET /api/v1/admin/products': () => ({ items: [row('UL-A', 10_000), row('UL-B', 20_000)], total: 2, page: 1, per_page: 50 }),
      'POST /api/v1/admin/prices/bulk': ({ body }) => {
        const { dry_run } = body as { dry_run: boolean };
        return { dry_run, moves: [{ id: 'prd_UL-B', sku: 'UL-B', before_cents: 20_000, after_cents: 18_000 }] };
      },
    });
    renderRoutes([{ path: '/admin/products', element: <AdminProductsPage /> }], '/admin/products');
    await user.click(await screen.findByRole('checkbox', { name: 'Select UL-B' }));
    const panel = screen.getByTestId('bulk-price');
    await user.selectOptions(within(panel).getByLabelText('Prices in'), 'us');
    await user.type(within(panel).getByLabelText(/^Percent/), '-10');
    await user.click(within(panel).getByRole('button', { name: 'Preview the change' }));
    expect(await screen.findByTestId('bulk-preview')).toHaveTextContent('$180.00');
    await user.click(within(panel).getByRole('button', { name: 'Apply to 1 product' }));
    expect(await screen.findByTestId('products-status')).toHaveTextContent('Prices changed for 1 product in the us store.');
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toEqual([
      { product_ids: ['prd_UL-B'], store_code: 'us', change: { kind: 'percent', value: -1000 }, dry_run: true },
      { product_ids: ['prd_UL-B'], store_code: 'us', change: { kind: 'percent', value: -1000 }, dry_run: false },
    ]);
  });

  it('tells a sales user the catalogue is not for their role, and lists only their pages', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => session(me({ roles: ['customer', 'sales'] })) });
    renderRoutes([{ path: '/admin/*', element: <AdminLayout /> }], '/admin/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'You can’t open products' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Home', 'Customers and credit', 'Quotations']);
  });
});
