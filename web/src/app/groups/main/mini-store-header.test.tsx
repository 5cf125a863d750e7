import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreDto } from '@/lib/resources/stores/types';
import { enterMiniStore, readMiniStoreKey, readStoreCookie, writeStoreCookie } from '@/lib/store-cookie';
import { mockApi, problem } from '@/testing/api-mock';
import { currentUrl, renderPage } from '@/testing/render';
import { MainHeader } from './main-header';
import { accentStyle } from './mini-store-header';
import { MiniStoreGate } from './mini-store-gate';

function northwind(overrides: Partial<StoreDto> = {}): StoreDto {
  return {
    code: 'nwn',
    kind: 'MINISTORE',
    region: 'Global',
    name: 'Northwind Networks',
    currency: 'USD',
    is_default: false,
    partner: 'Northwind Networks Ltd',
    key: 'nwn-7f3k9q',
    branding: { display_name: 'Northwind Connect', tagline: 'Routers that stay online', logo_url: '/media/nwn.png', accent_color: '#0b5fff' },
    catalogue: 'selected',
    payment_methods: ['card'],
    shipping_methods: ['priority'],
    product_count: 4,
    price_list: 'store',
    ...overrides,
  };
}

function api(store: () => unknown) {
  return mockApi({
    'GET /api/v1/stores/nwn-7f3k9q': store,
    'GET /api/v1/auth/session': () => ({ auth_mode: 'token', sso_enabled: false, incontrol_enabled: false, user: null }),
    'GET /api/v1/cart': () => problem(404, 'not_found'),
  });
}

const page = (
  <MiniStoreGate>
    <MainHeader />
    <p>the page</p>
  </MiniStoreGate>
);

describe('mini-store header and store gate', { timeout: 20_000 }, () => {
  afterEach(() => {
    document.cookie = 'uplink_store=; Path=/; Max-Age=0';
    vi.unstubAllGlobals();
  });

  it('enters the store of a ?store= link: checks the key, keeps it for the visit, drops the parameter', async () => {
    const { calls } = api(() => northwind());
    renderPage(page, '/products?store=NWN-7f3k9q&page=2');
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(readMiniStoreKey()).toBe('nwn-7f3k9q');
    await waitFor(() => expect(currentUrl()).toBe('/products?page=2'));
    // The store was checked before anything else asked for prices.
    expect(calls[0]?.url.pathname).toBe('/api/v1/stores/nwn-7f3k9q');
  });

  it('shows the partner’s branding and a way back to the main store instead of the store switch', async () => {
    enterMiniStore('nwn-7f3k9q');
    api(() => northwind());
    renderPage(page, '/');
    const header = await screen.findByTestId('ministore-header');
    expect(header.style.getPropertyValue('--ministore-accent')).toBe('#0b5fff');
    expect(screen.getByRole('link', { name: 'Northwind Connect — store home' })).toHaveAttribute('href', '/');
    expect(header.querySelector('img')).toHaveAttribute('src', '/media/nwn.png');
    expect(screen.getByText('Routers that stay online')).toBeInTheDocument();
    expect(screen.getByText(/Northwind Networks Ltd’s store on Uplink/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Store' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: /Back to the main Uplink store/ }));
    expect(readMiniStoreKey()).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('ministore-header')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Uplink — home' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Store' })).toBeInTheDocument();
  });

  it('shows a closed page, not another store, when the store was paused', async () => {
    enterMiniStore('nwn-7f3k9q');
    api(() => problem(404, 'store_paused'));
    renderPage(page, '/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'This store is closed for now' })).toBeInTheDocument();
    expect(screen.queryByText('the page')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the main Uplink store' }));
    expect(readMiniStoreKey()).toBeNull();
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(currentUrl()).toBe('/');
  });

  it('says so when a link names no store, and keeps the store the visitor was in', async () => {
    writeStoreCookie('us');
    mockApi({ 'GET /api/v1/stores/nope-123': () => problem(404, 'not_found') });
    renderPage(page, '/?store=nope-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this store' })).toBeInTheDocument();
    expect(readStoreCookie()).toBe('us');
    renderPage(page, '/?store=%3Cscript%3E');
    expect(await screen.findAllByRole('heading', { level: 1, name: 'We can’t find this store' })).toHaveLength(2);
  });

  it('chooses an eStore from ?store=us without asking for a mini-store', async () => {
    enterMiniStore('nwn-7f3k9q');
    const { calls } = mockApi({ 'GET /api/v1/auth/session': () => ({ auth_mode: 'token', user: null }) });
    renderPage(<MiniStoreGate>the page</MiniStoreGate>, '/cart?store=us');
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(readStoreCookie()).toBe('us');
    expect(readMiniStoreKey()).toBeNull();
    expect(currentUrl()).toBe('/cart');
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/v1/stores'))).toEqual([]);
  });

  it('uses only a #rrggbb accent colour', () => {
    expect(accentStyle('#A1b2C3')).toEqual({ '--ministore-accent': '#A1b2C3' });
    expect(accentStyle('red; background: url(x)')).toBeUndefined();
    expect(accentStyle(null)).toBeUndefined();
  });
});
