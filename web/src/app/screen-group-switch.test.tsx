import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { session } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { ScreenGroupSwitch } from './screen-group-switch';

const renderAt = (path: string) => renderPage(<ScreenGroupSwitch />, path);

describe('ScreenGroupSwitch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the main group with its home page at /', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: /in one store/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Search the store' })).toBeInTheDocument();
  });

  it('shows the mobile shell, asking a visitor without the app’s sign-in to open the page from the app', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => session(null) });
    renderAt('/mobile/warranties/cart');
    expect(await screen.findByRole('heading', { name: 'Open this page again from the app' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Uplink' })).toHaveAttribute('href', '/mobile');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the referral shell with not-found content for an unknown /m/referral path', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => session(null), 'GET /api/v1/cart': () => ({ item_count: 0 }) });
    renderAt('/m/referral/nowhere');
    expect(await screen.findByText('Uplink Referral Store')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/m/referral/');
  });

  it('says which referral store is missing when /m/v2/referral names none', async () => {
    renderAt('/m/v2/referral/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this referral store' })).toBeInTheDocument();
    expect(screen.getByTestId('referral-store-unavailable')).toHaveAttribute('data-kind', 'missing');
  });

  it('asks a guest at /monitoring to sign in and come back', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => session(null) });
    renderAt('/monitoring');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connectivity usage' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?return_to=%2Fmonitoring');
    expect(screen.getByRole('link', { name: 'Usage' })).toHaveAttribute('aria-current', 'page');
  });
});
