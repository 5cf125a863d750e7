import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '@/testing/api-mock';
import { me, session, usd } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import type { MiniStoreDetail } from '../api/types';
import MiniStoreEditorPage from './mini-store-editor-page';

const STORE: MiniStoreDetail = {
  key: 'sky-4h7d2p',
  code: 'skyline',
  name: 'Skyline Resellers',
  region: 'Global',
  currency: 'USD',
  active: true,
  share_url: 'http://localhost/?store=sky-4h7d2p',
  branding: { display_name: 'Skyline Resellers', tagline: 'Set up by Skyline', logo_url: null, accent_color: '#b45309' },
  price_floor_bp: 8_000,
  payment_methods: ['card'],
  shipping_methods: ['priority'],
  products: [
    { product_id: 'prd_1', sku: 'LIC-IC2-1Y', name: 'InControl 2 — 1 Year', type: 'license', list_price: usd(4_900), floor: usd(3_920), price: usd(4_900), has_variants: false },
    { product_id: 'prd_2', sku: 'UL-EDGE1', name: 'Uplink Edge 1', type: 'configurable', list_price: usd(34_900), floor: usd(27_920), price: usd(34_900), has_variants: true },
  ],
};

function show(extra: Record<string, (call: { body: unknown }) => unknown> = {}) {
  const api = mockApi({
    'GET /api/v1/auth/session': () => session(me({ roles: ['customer', 'partner'] })),
    'GET /api/v1/partner/mini-stores/sky-4h7d2p': () => STORE,
    ...extra,
  });
  renderRoutes([{ path: '/partner/mini-stores/:key', element: <MiniStoreEditorPage /> }], '/partner/mini-stores/sky-4h7d2p');
  return api;
}

const row = (sku: string) => document.querySelector<HTMLElement>(`[data-testid="product-row"][data-sku="${sku}"]`)!;

describe('the mini-store editor', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each product with its list price and floor, and saves the branding and the whole list', async () => {
    const user = userEvent.setup();
    const { calls } = show({
      'PATCH /api/v1/partner/mini-stores/sky-4h7d2p': ({ body }) => {
        const b = body as { display_name: string; products: { sku: string; price_cents: number }[] };
        return { ...STORE, branding: { ...STORE.branding, display_name: b.display_name }, products: STORE.products.map((p, i) => ({ ...p, price: usd(b.products[i]!.price_cents) })) };
      },
    });
    await screen.findByRole('heading', { level: 3, name: 'Branding' });
    expect(within(row('LIC-IC2-1Y')).getByText('List price $49.00 · floor $39.20')).toBeInTheDocument();
    const name = screen.getByLabelText(/^Store name/);
    await user.clear(name);
    await user.type(name, 'Skyline Networks');
    // The preview follows the typing.
    expect(screen.getByTestId('header-preview')).toHaveTextContent('Skyline Networks');
    const price = within(row('LIC-IC2-1Y')).getByLabelText(/Price of InControl 2 — 1 Year/);
    await user.clear(price);
    await user.type(price, '45.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved. Your store shows the changes now.')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({
      display_name: 'Skyline Networks',
      tagline: 'Set up by Skyline',
      accent_color: '#b45309',
      products: [
        { sku: 'LIC-IC2-1Y', price_cents: 4_550 },
        { sku: 'UL-EDGE1', price_cents: 34_900 },
      ],
    });
    // The form shows what the server saved (its rows made anew).
    expect(within(row('LIC-IC2-1Y')).getByLabelText(/Price of/)).toHaveValue('45.50');
  });

  it('says a price is under the floor before sending it', async () => {
    const user = userEvent.setup();
    const { calls } = show();
    await screen.findAllByTestId('product-row');
    const price = within(row('LIC-IC2-1Y')).getByLabelText(/Price of/);
    await user.clear(price);
    await user.type(price, '10');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(row('LIC-IC2-1Y')).findByText(/At least \$39\.20/)).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('shows the server’s field errors on the right rows and says nothing was saved', async () => {
    const user = userEvent.setup();
    show({
      'PATCH /api/v1/partner/mini-stores/sky-4h7d2p': () =>
        problem(422, 'validation_failed', {
          detail: '2 fields are not valid.',
          errors: [
            { field: 'products[1].sku', code: 'not_sold_in_store', message: 'UL-EDGE1 is not a product you can sell; check the SKU.' },
            { field: 'products[2].price_cents', code: 'price_below_floor', message: 'UL-EDGE5G-PRO-PRM cannot be sold below $1,039.20 here.' },
          ],
        }),
      'GET /api/v1/partner/mini-stores/sky-4h7d2p/candidates': () =>
        json([
          {
            product_id: 'prd_3',
            sku: 'UL-EDGE5G-PRO-PRM',
            name: 'Uplink Edge 5G Pro Prime',
            type: 'hardware',
            list_price: usd(129_900),
            floor: usd(103_920),
            price: usd(129_900),
            has_variants: false,
          },
        ]),
    });
    await screen.findByRole('heading', { level: 3, name: 'Branding' });
    // A product added by search, in the Global store (the mini-store's region).
    await user.type(screen.getByLabelText(/^Add a product/), 'edge');
    const found = await screen.findByRole('list', { name: 'Products found' });
    await user.click(within(found).getByRole('button', { name: /Add Uplink Edge 5G Pro Prime/ }));
    const added = row('UL-EDGE5G-PRO-PRM');
    expect(added).toHaveTextContent('List price $1,299.00 · floor $1,039.20');
    const price = within(added).getByLabelText(/Price of/);
    await user.clear(price);
    await user.type(price, '1100');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('editor-failure')).toHaveTextContent('Nothing was saved: 2 things need attention.');
    expect(within(row('UL-EDGE5G-PRO-PRM')).getByText(/cannot be sold below \$1,039\.20/)).toBeInTheDocument();
    expect(within(row('UL-EDGE5G-PRO-PRM')).getByLabelText(/Price of/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(row('UL-EDGE1')).getByText(/is not a product you can sell/)).toBeInTheDocument();
    expect(within(row('LIC-IC2-1Y')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks before pausing the store', async () => {
    const user = userEvent.setup();
    const { calls } = show({ 'PATCH /api/v1/partner/mini-stores/sky-4h7d2p': () => ({ ...STORE, active: false }) });
    await user.click(await screen.findByRole('button', { name: 'Pause the store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause Skyline Resellers?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause the store' }));
    expect(await screen.findByText(/Skyline Resellers is paused/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: false });
  });

  it('tells a customer the page is for partners', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => session(me()) });
    renderRoutes([{ path: '/partner/mini-stores/:key', element: <MiniStoreEditorPage /> }], '/partner/mini-stores/sky-4h7d2p');
    expect(await screen.findByRole('heading', { name: 'This page is for Uplink partners' })).toBeInTheDocument();
  });
});
