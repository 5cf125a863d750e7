import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/lib/api/schema';
import { mockApi } from '@/testing/api-mock';
import { cart, line } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { device, SERIAL } from '../test/fixtures';
import MobileHomePage from './mobile-home-page';

type UsageItem = components['schemas']['UsageItem'];

const usageItem = (overrides: Partial<UsageItem>): UsageItem =>
  ({
    id: 'sub_1',
    kind: 'subscription',
    name: 'SpeedFusion Cloud 100 GB',
    sku: 'SFC-100GB-1Y',
    serial: SERIAL,
    device_name: 'Van router',
    iccid: null,
    members: [],
    unlimited: false,
    allowance_mb: 102_400,
    used_mb: 100_000,
    remaining_mb: 2_400,
    period_start: '2026-01-01T00:00:00Z',
    run_out_on: '2026-11-30',
    top_up: { sku: 'SFC-20GB-1M', name: 'SpeedFusion Cloud 20 GB', option_code: 'serial_numbers', option_value: SERIAL },
    ...overrides,
  });

describe('MobileHomePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the top-up of what runs out within 7 days first, into the plans cart', async () => {
    const { calls } = mockApi({
      'GET /api/v1/me/devices': () => ({
        items: [device({ subscriptions: [{ id: 'sub_1', serial: SERIAL, family: 'cloud', sku: 'SFC-100GB-1Y', name: 'SpeedFusion Cloud 100 GB', used_mb: 100_000, remaining_mb: 2_400, allowance_mb: 102_400, expires_at: '2027-03-01T00:00:00Z', active: true }] })],
        total: 1,
        models: [],
      }),
      'GET /api/v1/me/usage': () => ({
        today: '2026-11-27',
        items: [usageItem({}), usageItem({ id: 'sub_2', name: 'Later plan', run_out_on: '2027-01-20' })],
      }),
      'GET /api/v1/me/esims': () => ({ items: [] }),
      'POST /api/v1/cart/lines': () => cart([line({ serials: [SERIAL] })]),
    });
    const user = userEvent.setup();
    renderPage(<MobileHomePage />, '/mobile');
    const soon = await screen.findByRole('region', { name: 'Running out soon' });
    expect(within(soon).getAllByRole('listitem')).toHaveLength(1);
    expect(soon).toHaveTextContent('Runs out in 3 days');
    // It comes before the devices.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Running out soon')).toBeLessThan(headings.indexOf('Devices'));
    // The device with its plan's data left and expiry, and its warranty.
    const devices = screen.getByRole('region', { name: 'Devices' });
    expect(await within(devices).findByText(/2.3 GB left, until 1 Mar 2027/)).toBeInTheDocument();
    expect(devices).toHaveTextContent('Ends soon');

    await user.click(within(soon).getByRole('button', { name: /Top up/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const add = calls.find((c) => c.method === 'POST')!;
    expect(add.url.searchParams.get('cart')).toBe('mobile-plans');
    expect(add.body).toEqual({ sku: 'SFC-20GB-1M', serials: [SERIAL] });
    expect(await within(soon).findByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/mobile/product-plans/cart');
  });
});
