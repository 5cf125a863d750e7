import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '@/testing/api-mock';
import { me, session } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import type { AdminProduct, CatalogReference } from '../api/types';
import ProductEditorPage from './product-editor-page';

const REFERENCE: CatalogReference = {
  brands: [
    { value: 'Uplink', label: 'Uplink' },
    { value: 'Pepwave', label: 'Pepwave' },
  ],
  product_types: [
    { value: 'hardware', label: 'Hardware' },
    { value: 'configurable', label: 'Configurable' },
  ],
  statuses: [
    { value: 'draft', label: 'Draft' },
    { value: 'active', label: 'Active' },
  ],
  labels: [],
  option_kinds: [{ value: 'text', label: 'Text' }],
  download_kinds: [{ value: 'datasheet', label: 'Datasheet' }],
  prime: [{ value: 'any', label: 'Any' }],
  warehouses: [{ value: 'Global', label: 'Global' }],
  stock_reasons: [{ value: 'received', label: 'Received' }],
  categories: [{ slug: 'routers', name: 'Routers', parent: null }],
  models: [],
  stores: [{ value: 'global', label: 'Global' }],
};

function product(version: number, name = 'Router One'): AdminProduct {
  return {
    id: 'prd_1',
    sku: 'UL-R1',
    slug: 'router-one',
    name,
    brand: 'Uplink',
    product_type: 'hardware',
    status: 'active',
    purchasable: true,
    price_cents: 49_900,
    min_qty: 1,
    qty_step: 1,
    categories: ['routers'],
    version,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    storefront_path: '/products/router-one',
    variants: [],
    stock: [{ warehouse: 'Global', on_hand: 4, available: 4 }],
    prices: [],
    media: [],
  };
}

describe('product editor', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each server error on its field and saves nothing', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/auth/session': () => session(me({ roles: ['admin'] })),
      'GET /api/v1/admin/catalog/reference': () => REFERENCE,
      'POST /api/v1/admin/products': () =>
        json(
          {
            code: 'validation_failed',
            status: 422,
            errors: [
              { field: 'sku', code: 'taken', message: 'This SKU is taken by another product.' },
              { field: 'categories[0]', code: 'unknown', message: 'No such category.' },
            ],
          },
          422,
        ),
    });
    renderRoutes([{ path: '/admin/products/new', element: <ProductEditorPage /> }], '/admin/products/new');
    await user.type(await screen.findByLabelText(/^Name/), 'Router Two');
    await user.type(screen.getByLabelText(/^SKU/), 'UL-R1');
    await user.type(screen.getByLabelText(/^List price/), '99');
    await user.click(screen.getByRole('checkbox', { name: 'Routers' }));
    await user.click(screen.getByRole('button', { name: 'Create the product' }));
    expect(await screen.findByText('This SKU is taken by another product.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^SKU/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('No such category.')).toBeInTheDocument();
    expect(screen.getByTestId('product-failure')).toHaveTextContent('Nothing was saved: 2 things need attention.');
  });

  it('offers a reload when someone else saved meanwhile, then saves from the current version', async () => {
    const user = userEvent.setup();
    let current = product(1);
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(me({ roles: ['admin'] })),
      'GET /api/v1/admin/catalog/reference': () => REFERENCE,
      'GET /api/v1/admin/products/prd_1': () => current,
      'GET /api/v1/admin/products/prd_1/stock-adjustments': () => ({ items: [] }),
      'PUT /api/v1/admin/products/prd_1': ({ body }) => {
        const sent = body as { version: number; name: string };
        if (sent.version !== current.version) return problem(409, 'version_conflict', { current_version: current.version });
        current = { ...product(current.version + 1, sent.name) };
        return current;
      },
    });
    renderRoutes([{ path: '/admin/products/:id', element: <ProductEditorPage /> }], '/admin/products/prd_1');
    const name = await screen.findByLabelText(/^Name/);
    // Another admin saves first.
    current = product(2, 'Renamed by someone else');
    await user.clear(name);
    await user.type(name, 'My name');
    await user.click(screen.getByRole('button', { name: 'Save the product' }));
    expect(await screen.findByTestId('version-conflict')).toHaveTextContent('Someone else saved this product while you were editing it.');
    await user.click(screen.getByRole('button', { name: 'Reload the product' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Renamed by someone else' })).toBeInTheDocument();
    expect(screen.queryByTestId('version-conflict')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Renamed by someone else');
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'My name');
    await user.click(screen.getByRole('button', { name: 'Save the product' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My name' })).toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { version: number }).version);
    expect(puts).toEqual([1, 2]);
  });
});
