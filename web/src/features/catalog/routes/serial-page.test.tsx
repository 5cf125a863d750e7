import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { card } from '../test/fixtures';
import { mockApi, problem } from '@/testing/api-mock';
import { me, session } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import { SerialPage } from './serial-page';

function setup(url: string, { signedIn = false, owns = false } = {}) {
  const api = mockApi({
    'GET /api/v1/auth/session': () => session(signedIn ? me() : null),
    'GET /api/v1/me/devices/1934-ABCD-5678': () => (owns ? { serial: '1934-ABCD-5678' } : problem(404, 'not_found')),
    'GET /api/v1/serials/1934-ABCD-5678': () => ({
      serial: '1934-ABCD-5678',
      model: {
        prefix: '1934',
        code: 'BR1-MINI',
        name: 'BR1 Mini',
        prime: false,
        hardware_sku: 'UL-BR1-MINI',
        hardware_slug: 'br1-mini',
        image_url: null,
      },
      prime: false,
      eligible: [card({ sku: 'UL-CARE-1Y', slug: 'care-1y', name: 'Care 1 year', type: 'license' })],
      not_eligible: [
        {
          product: card({ sku: 'UL-PRIME-1Y', slug: 'prime-1y', name: 'PrimeCare 1 year', type: 'license' }),
          reason: 'PrimeCare is for prime devices only.',
        },
      ],
    }),
    'GET /api/v1/serials/9999-ABCD-5678': () => problem(404, 'unknown_serial'),
  });
  renderRoutes(
    [
      { path: '/sn', element: <SerialPage /> },
      { path: '/products', element: <h1>Products</h1> },
      { path: '/account/device-management', element: <h1>Devices</h1> },
    ],
    url,
  );
  return api;
}

describe('serial lookup page', { timeout: 20_000 }, () => {
  it('sends a guest to the renewal products with the serial filled in, without asking about devices', async () => {
    const { calls } = setup('/sn?serial=1934abcd5678');
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/products?serial=1934-ABCD-5678&for=warranty');
    expect(calls.some((call) => call.url.pathname.startsWith('/api/v1/me/devices'))).toBe(false);
  });

  it('sends a signed-in owner to the device in device management', async () => {
    setup('/sn?serial=1934-abcd-5678', { signedIn: true, owns: true });
    expect(await screen.findByRole('heading', { name: 'Devices' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/account/device-management?serial=1934-ABCD-5678');
  });

  it('sends a signed-in customer who does not own the device to the renewal products', async () => {
    setup('/sn?serial=1934-ABCD-5678', { signedIn: true, owns: false });
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/products?serial=1934-ABCD-5678&for=warranty');
  });

  it('explains an invalid serial without asking the server', async () => {
    const { calls } = setup('/sn?serial=12-34');
    expect(await screen.findByLabelText('Device serial number')).toHaveAccessibleDescription(/isn’t a valid serial number/);
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/v1/serials'))).toHaveLength(0);
  });

  it('explains an unknown serial and lets the user try another', async () => {
    const user = userEvent.setup();
    setup('/sn?serial=9999-ABCD-5678');
    expect(await screen.findByRole('heading', { name: 'We don’t recognise 9999-ABCD-5678' })).toBeInTheDocument();
    const input = screen.getByLabelText('Device serial number');
    await user.clear(input);
    await user.type(input, '1934 abcd 5678');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/products?serial=1934-ABCD-5678&for=warranty');
  });

  it('asks for a serial when the box is empty', async () => {
    const user = userEvent.setup();
    setup('/sn');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(screen.getByLabelText('Device serial number')).toHaveAccessibleDescription(/Enter the serial number/);
  });
});
