import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Device } from '@/lib/resources/devices/types';
import { mockApi, problem } from '@/testing/api-mock';
import { cart, me, session } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { PlanBuyPanel } from './plan-buy-panel';

const PLAN = { sku: 'SFC-20GB-1M', name: 'SpeedFusion Cloud 20 GB / 1 month' };

function device(serial: string, name: string): Device {
  return { serial, name, model: { code: 'BR1-MINI', name: 'BR1 Mini' } } as unknown as Device;
}

const PREVIEW = {
  serial: '1824-DEMO-0001',
  sku: PLAN.sku,
  family: 'cloud',
  current: { remaining_mb: 63488, unlimited: false, expires_at: '2027-06-18T00:00:00Z' },
  result: { allowance_mb: 83968, unlimited: false, carried_mb: 63488, expires_at: '2027-07-18T00:00:00Z', capped: false },
};

function setup({ signedIn = true, addAnswer = (): unknown => cart([]) } = {}) {
  const api = mockApi({
    'GET /api/v1/auth/session': () => session(signedIn ? me() : null),
    'GET /api/v1/me/devices': () => ({
      items: [device('1824-DEMO-0001', 'Delivery van 1'), device('2933-DEMO-0003', 'Bus 14')],
      total: 2,
      models: [],
    }),
    'GET /api/v1/me/devices/1824-DEMO-0001/plan-preview': () => PREVIEW,
    'GET /api/v1/me/devices/2933-DEMO-0003/plan-preview': () =>
      problem(409, 'plan_not_stackable', { detail: 'Bus 14 has an Unlimited plan until 1 May 2027.' }),
    'POST /api/v1/cart/lines': addAnswer,
  });
  renderPage(<PlanBuyPanel id="buy-1" product={PLAN} onClose={() => {}} />);
  return api;
}

describe('plan buy panel', { timeout: 20_000 }, () => {
  it('previews what the plan adds to an own device and adds it to the cart with that serial', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    const picker = await screen.findByLabelText('Device');
    expect(picker).toHaveValue('1824-DEMO-0001');
    expect(await screen.findByText('Carries 62 GB, new expiry 18 July 2027 (82 GB in all).')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname.endsWith('/plan-preview'))?.url.searchParams.get('sku')).toBe('SFC-20GB-1M');

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added SpeedFusion Cloud 20 GB / 1 month for 1824-DEMO-0001');
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ sku: 'SFC-20GB-1M', serials: ['1824-DEMO-0001'] });
  });

  it('explains a plan that cannot stack on the picked device', async () => {
    const user = userEvent.setup();
    setup();
    await user.selectOptions(await screen.findByLabelText('Device'), '2933-DEMO-0003');
    expect(
      await screen.findByText(
        'Bus 14 has an Unlimited plan until 1 May 2027. Choose a plan of the same kind, or buy this one once the current plan ends.',
      ),
    ).toBeInTheDocument();
  });

  it('shows no preview for another serial, and puts the cart’s refusal next to the field', async () => {
    const user = userEvent.setup();
    const { calls } = setup({
      addAnswer: () => problem(422, 'unknown_serial', { detail: 'We don’t recognise 9ZZZ-1234-ABCD.' }),
    });
    await user.selectOptions(await screen.findByLabelText('Device'), 'other');
    const field = screen.getByLabelText('Serial number of the other device');
    await user.type(field, '9zzz 1234 abcd');
    expect(screen.getByText(/If this device already has a plan, the data and time are added to it/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/We don’t recognise 9ZZZ-1234-ABCD\. Check it for look-alike/));
    expect(field).toHaveValue('9ZZZ-1234-ABCD');
    expect(calls.filter((c) => c.url.pathname.includes('9ZZZ'))).toHaveLength(0);
  });

  it('asks a guest for a serial, checks it before asking the cart, and never asks for devices', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ signedIn: false });
    const field = await screen.findByLabelText('Device serial number');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(field).toHaveAccessibleDescription(/Enter the serial number printed on the device label/);
    await user.type(field, '12-34');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(field).toHaveAccessibleDescription(/isn’t a valid serial number/);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?return_to=%2Fspeedfusioncloud');
    expect(calls.filter((c) => c.method === 'POST' || c.url.pathname.startsWith('/api/v1/me/'))).toHaveLength(0);
  });
});
