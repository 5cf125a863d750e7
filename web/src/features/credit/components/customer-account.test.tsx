import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '@/testing/api-mock';
import { me, session } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { CustomerAccount } from './customer-account';

const eur = (cents: number) => ({ cents, currency: 'EUR' });

const detail = (over: Record<string, unknown> = {}) => ({
  id: 'usr_1',
  email: 'alex@uplink.test',
  name: 'Alex Admin',
  company: null,
  country: 'DE',
  roles: ['admin'],
  created_at: '2026-01-01T00:00:00Z',
  disabled_at: null,
  disabled_reason: null,
  orders: [{ number: 'UL-000009', status: 'completed', total: eur(10_000), refunded: eur(2_500), payment_method: 'card', placed_at: '2026-11-01T00:00:00Z' }],
  quotations: [],
  devices: [{ serial: '1111-2222-3333', model: 'MAX BR1', name: 'Van router', warranty_ends_at: '2027-11-01T00:00:00Z', registered_at: '2026-11-01T00:00:00Z' }],
  credit_owed: eur(0),
  rebates: [],
  ...over,
});

describe('customer account for staff', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains the last admin guard and disables with a reason', async () => {
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(me({ roles: ['admin'] })),
      'GET /api/v1/staff/customers/usr_1': () => detail(),
      'PUT /api/v1/admin/customers/usr_1/roles': () => problem(409, 'last_admin'),
      'POST /api/v1/admin/customers/usr_1/disable': () => detail({ disabled_at: '2026-11-27T00:00:00Z', disabled_reason: 'Fraud' }),
    });
    renderPage(<CustomerAccount id="usr_1" />);
    expect(await screen.findByRole('link', { name: 'UL-000009' })).toHaveAttribute('href', '/admin/orders/UL-000009');
    expect(screen.getByText(/refunded/)).toHaveTextContent('€25.00 refunded');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'admin' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText(/make someone else an admin first/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ roles: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Disable the account' }));
    expect(await screen.findByText(/Give the reason/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Reason for disabling/), 'Fraud');
    await userEvent.click(screen.getByRole('button', { name: 'Disable the account' }));
    expect(await screen.findByRole('button', { name: 'Enable the account' })).toBeInTheDocument();
    expect(screen.getByText(/Disabled on .*: Fraud/)).toBeInTheDocument();
  });

  it('shows sales no admin controls and views the account as the customer, saying it is audited', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => session(me({ roles: ['sales'] })),
      'GET /api/v1/staff/customers/usr_1': () => detail({ roles: ['customer'] }),
      'POST /api/v1/staff/customers/usr_1/view-as': () => detail({ roles: ['customer'] }),
    });
    renderPage(<CustomerAccount id="usr_1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'View as customer' }));
    await waitFor(() => expect(screen.getByTestId('view-as')).toHaveTextContent('This look was recorded in the audit log'));
    expect(screen.getByTestId('view-as')).toHaveTextContent('Van router');
    expect(screen.queryByRole('button', { name: 'Save roles' })).not.toBeInTheDocument();
  });
});
