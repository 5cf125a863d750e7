import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { card } from '../test/fixtures';
import { mockApi, problem } from '@/testing/api-mock';
import { currentUrl, renderRoutes } from '@/testing/render';
import { SerialPage } from './serial-page';

function setup(url: string) {
  const api = mockApi({
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
  renderRoutes([{ path: '/sn', element: <SerialPage /> }], url);
  return api;
}

describe('serial lookup page', { timeout: 20_000 }, () => {
  it('shows the model and its eligible products for a known serial', async () => {
    setup('/sn?serial=1934abcd5678');
    expect(await screen.findByRole('heading', { name: 'BR1 Mini' })).toBeInTheDocument();
    expect(screen.getByText('Standard (not prime)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Care 1 year' })).toHaveAttribute('href', '/products/care-1y');
    expect(screen.getByLabelText('Device serial number')).toHaveValue('1934-ABCD-5678');
    expect(screen.getByText(/PrimeCare is for prime devices only/)).toBeInTheDocument();
  });

  it('explains an invalid serial without asking the server', async () => {
    const { calls } = setup('/sn?serial=12-34');
    expect(await screen.findByLabelText('Device serial number')).toHaveAccessibleDescription(/isn’t a valid serial number/);
    expect(calls).toHaveLength(0);
  });

  it('explains an unknown serial and lets the user try another', async () => {
    const user = userEvent.setup();
    setup('/sn?serial=9999-ABCD-5678');
    expect(await screen.findByRole('heading', { name: 'We don’t recognise 9999-ABCD-5678' })).toBeInTheDocument();
    const input = screen.getByLabelText('Device serial number');
    await user.clear(input);
    await user.type(input, '1934 abcd 5678');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(currentUrl()).toBe('/sn?serial=1934-ABCD-5678');
    expect(await screen.findByRole('heading', { name: 'BR1 Mini' })).toBeInTheDocument();
  });

  it('asks for a serial when the box is empty', async () => {
    const user = userEvent.setup();
    setup('/sn');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(screen.getByLabelText('Device serial number')).toHaveAccessibleDescription(/Enter the serial number/);
  });
});
