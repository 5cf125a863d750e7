import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '@/testing/api-mock';
import { address, COUNTRIES, me, session } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { AddressBookPage } from './address-book-page';

const routes = [{ path: '/account/address-book', element: <AddressBookPage /> }];

afterEach(() => vi.unstubAllGlobals());

describe('address book', () => {
  it('needs a state and a ZIP code for US addresses before sending', async () => {
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(me()),
      'GET /api/v1/countries': () => COUNTRIES,
      'GET /api/v1/me/addresses': () => ({ items: [], limit: 50 }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/account/address-book');
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await screen.findAllByRole('option', { name: 'United States' });
    await user.selectOptions(within(form).getByLabelText(/^Country/), 'US');
    await user.type(within(form).getByLabelText(/Full name/), 'Bob');
    await user.type(within(form).getByLabelText(/Street/), '5 Elm St');
    await user.type(within(form).getByLabelText(/^City/), 'Austin');
    await user.type(within(form).getByLabelText(/ZIP code/), '7870');
    await user.type(within(form).getByLabelText(/^Phone/), '5125550100');
    await user.click(within(form).getByRole('button', { name: 'Add address' }));
    expect(within(form).getByLabelText(/^State/)).toHaveAccessibleDescription(/Choose the state/);
    expect(within(form).getByLabelText(/ZIP code/)).toHaveAccessibleDescription(/12345 or 12345-6789/);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('puts the server’s field errors on the fields', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => session(me()),
      'GET /api/v1/countries': () => COUNTRIES,
      'GET /api/v1/me/addresses': () => ({ items: [], limit: 50 }),
      'POST /api/v1/me/addresses': () =>
        problem(422, 'validation_failed', {
          errors: [{ field: 'postal_code', code: 'validation_failed', message: 'No such postal code in Germany.' }],
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/account/address-book');
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await screen.findAllByRole('option', { name: 'Germany' });
    await user.selectOptions(within(form).getByLabelText(/^Country/), 'DE');
    await user.type(within(form).getByLabelText(/Full name/), 'Ann');
    await user.type(within(form).getByLabelText(/Street/), 'Hauptstr. 1');
    await user.type(within(form).getByLabelText(/^City/), 'Berlin');
    // Valid by the address rules (`10_115` is now refused before sending, as by the server); the
    // server's answer is mocked: whatever field error it sends lands on that field.
    await user.type(within(form).getByLabelText(/Postal code/), '10115');
    await user.type(within(form).getByLabelText(/^Phone/), '030123456');
    await user.click(within(form).getByRole('button', { name: 'Add address' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/Postal code/)).toHaveAccessibleDescription(/No such postal code in Germany/),
    );
    expect(within(form).getByLabelText(/Postal code/)).toHaveFocus();
    expect(within(form).getByRole('alert')).toHaveTextContent(/Check the highlighted fields/);
  });

  it('lists addresses and makes one the default billing address', async () => {
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(me()),
      'GET /api/v1/countries': () => COUNTRIES,
      'GET /api/v1/me/addresses': () => ({
        items: [address(), address({ id: 'adr_2', name: 'Office', is_default_shipping: false, is_default_billing: false })],
        limit: 50,
      }),
      'PATCH /api/v1/me/addresses/adr_2': () => address({ id: 'adr_2', is_default_billing: true }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/account/address-book');
    const office = await screen.findByRole('article', { name: /Office/ });
    expect(screen.getByText('2 of 50 addresses')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /Ann Example/ })).getByText('Default shipping')).toBeInTheDocument();
    await user.click(within(office).getByRole('button', { name: 'Make default billing' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ is_default_billing: true });
  });
});
