import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '@/testing/api-mock';
import { renderPage } from '@/testing/render';
import { ReferralV2 } from './referral-shell';

afterEach(() => vi.unstubAllGlobals());

describe('MINISTORE_V2_REFERRAL store gate', () => {
  it('gives an unknown store key a clear page and the way to the main store', async () => {
    const { calls } = mockApi({ 'GET /api/v1/referral-stores/nope': () => problem(404, 'not_found') });
    renderPage(<ReferralV2 />, '/m/v2/referral/products?store=nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this referral store' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the main Uplink store' })).toHaveAttribute('href', '/');
    expect(calls[0]?.url.pathname).toBe('/api/v1/referral-stores/nope');
  });

  it('says a paused store is closed for now', async () => {
    mockApi({ 'GET /api/v1/referral-stores/ref-closed': () => problem(404, 'store_paused') });
    renderPage(<ReferralV2 />, '/m/v2/referral/?store=ref-closed');
    expect(await screen.findByRole('heading', { level: 1, name: 'This referral store is closed for now' })).toBeInTheDocument();
  });

  it('offers a retry when the store does not answer', async () => {
    mockApi({ 'GET /api/v1/referral-stores/ref-uplink': () => problem(503, 'service_unavailable') });
    renderPage(<ReferralV2 />, '/m/v2/referral/cart?store=ref-uplink');
    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t open this referral store' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
