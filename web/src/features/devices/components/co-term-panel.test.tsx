import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '@/testing/api-mock';
import { currentUrl, renderRoutes } from '@/testing/render';
import type { Device } from '../api/types';
import { CoTermPanel } from './co-term-panel';

const device = (serial: string, ends: string): Device => ({
  serial,
  model: { code: 'BR1-MINI', name: 'MAX BR1 Mini', prefix: serial.slice(0, 4) } as Device['model'],
  name: '',
  prime: false,
  registered_at: '2025-01-01T00:00:00Z',
  warranty_ends_at: `${ends}T00:00:00Z`,
  warranty_state: 'active',
  source: 'manual',
  auto_renew: { enabled: false },
  licences: [],
  subscriptions: [],
  warranty_extensions: [],
});

const two = [device('1824-AAAA-0001', '2026-12-20'), device('1824-AAAA-0002', '2027-03-01')];

function renderPanel(selected: Device[], onClear = vi.fn()) {
  return renderRoutes(
    [
      { path: '/account/device-management', element: <CoTermPanel selected={selected} onClear={onClear} /> },
      { path: '/account/quotation/:number', element: <p>quotation page</p> },
    ],
    '/account/device-management',
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('CoTermPanel', () => {
  it('needs two devices before it can be sent', () => {
    mockApi({});
    renderPanel(two.slice(0, 1));
    expect(screen.getByText('Select at least one more device.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request co-term quotation' })).toBeDisabled();
  });

  it('sends the serials and the chosen date, then opens the quotation', async () => {
    const { calls } = mockApi({
      'POST /api/v1/me/devices/co-term': () => ({
        external_url: null,
        external_success_url: null,
        quotation_number: 'Q-000009',
        end_date: '2027-03-01',
        left_out: ['1824-AAAA-0002'],
      }),
    });
    renderPanel(two);
    const date = screen.getByLabelText('Common end date');
    expect(date).toHaveAttribute('min', '2027-03-01');
    await userEvent.type(date, '2027-03-15');
    await userEvent.click(screen.getByRole('button', { name: 'Request co-term quotation' }));
    await waitFor(() => expect(currentUrl()).toBe('/account/quotation/Q-000009'));
    expect(calls[0]?.body).toEqual({ serials: ['1824-AAAA-0001', '1824-AAAA-0002'], end_date: '2027-03-15', note: null });
  });

  it('leads to the external co-term service when one answers', async () => {
    mockApi({
      'POST /api/v1/me/devices/co-term': () => ({
        external_url: 'https://coterm.example.com/co-term-quotations?serials=1824-AAAA-0001,1824-AAAA-0002',
        external_success_url: 'https://coterm.example.com/co-term-quotations/success/thanks',
        quotation_number: null,
        end_date: null,
        left_out: [],
      }),
    });
    renderPanel(two);
    await userEvent.click(screen.getByRole('button', { name: 'Request co-term quotation' }));
    const link = await screen.findByRole('link', { name: 'Continue to the co-term service' });
    expect(link).toHaveAttribute('href', 'https://coterm.example.com/co-term-quotations?serials=1824-AAAA-0001,1824-AAAA-0002');
  });

  it('shows a refused end date on the date field', async () => {
    mockApi({
      'POST /api/v1/me/devices/co-term': () =>
        problem(422, 'validation_failed', {
          errors: [{ field: 'end_date', code: 'validation_failed', message: 'Choose an end date from 1 March 2027 to 2 December 2027.' }],
        }),
    });
    renderPanel(two);
    await userEvent.click(screen.getByRole('button', { name: 'Request co-term quotation' }));
    expect(await screen.findByText('Choose an end date from 1 March 2027 to 2 December 2027.')).toBeInTheDocument();
    expect(screen.getByLabelText('Common end date')).toHaveAttribute('aria-invalid', 'true');
  });
});
