import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cart, line } from '@/testing/fixtures';
import { mockApi } from '@/testing/api-mock';
import { renderPage } from '@/testing/render';
import { device, product, SERIAL } from '../test/fixtures';
import WarrantiesPage from './warranties-page';

describe('WarrantiesPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows each care plan with the coverage end it gives the device, and adds it to the warranties cart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const { calls } = mockApi({
      'GET /api/v1/me/devices': () => ({ items: [device()], total: 1, models: [] }),
      [`GET /api/v1/serials/${SERIAL}`]: () => ({
        serial: SERIAL,
        model: { prefix: '1824', code: 'BR1-MINI', name: 'MAX BR1 Mini', prime: false },
        prime: false,
        eligible: [product(), product({ sku: 'SFC-20GB', slug: 'sfc-20gb', type: 'cloud', category: 'cloud-plans' })],
        not_eligible: [],
      }),
      'GET /api/v1/products/care-1y': () => ({
        term_months: 12,
        custom_options: [
          {
            code: 'support_level',
            label: 'Support level',
            kind: 'select',
            required: true,
            values: [
              { code: 'standard', label: 'Standard (next business day)' },
              { code: 'priority', label: 'Priority (4 business hours)', price_delta: { kind: 'fixed', amount: { cents: 2000, currency: 'USD' } } },
            ],
          },
        ],
      }),
      'GET /api/v1/cart': () => cart([]),
      'POST /api/v1/cart/lines': () => cart([line({ serials: [SERIAL], serial_bound: true, physical: false })]),
    });
    const user = userEvent.setup();
    renderPage(<WarrantiesPage />, '/mobile/warranties');
    const option = await screen.findByTestId('care-option');
    expect(within(option).getByTestId('new-coverage')).toHaveTextContent('New coverage end: 11 Dec 2027');
    expect(option).toHaveTextContent('continues from 11 Dec 2026, no gap');
    // Plans are not warranties.
    expect(screen.getAllByTestId('care-option')).toHaveLength(1);
    // The care plan's required support level starts on its first value and can be changed.
    const level = within(option).getByLabelText('Support level');
    expect(level).toHaveValue('standard');
    expect(within(option).getByRole('option', { name: 'Priority (4 business hours) (+$20.00)' })).toBeInTheDocument();
    await user.selectOptions(level, 'priority');
    await user.click(within(option).getByRole('button', { name: /Add to cart/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const add = calls.find((c) => c.method === 'POST')!;
    expect(add.url.searchParams.get('cart')).toBe('mobile-warranties');
    expect(add.body).toEqual({ sku: 'CARE-1Y', serials: [SERIAL], options: { support_level: 'priority' } });
    expect(await screen.findByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/mobile/warranties/cart');
  });
});
