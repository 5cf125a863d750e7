import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { address, me } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import { OPTIONS } from '../test/fixtures';
import { emptyDraft, loadDraft, saveDraft } from '@/lib/checkout/draft';
import CheckoutPage from './checkout-page';

const routes = [
  { path: '/checkout', element: <CheckoutPage /> },
  { path: '/checkout/payment', element: <p>Payment step</p> },
];

function setup(book = [address()]) {
  return mockApi({
    'GET /api/v1/me': () => me(),
    'GET /api/v1/me/addresses': () => ({ items: book, limit: 50 }),
    'GET /api/v1/checkout/options': () => OPTIONS,
  });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('checkout: shipping information', { timeout: 20_000 }, () => {
  it('checks a new address, announces what to fix, then goes on to payment', async () => {
    const user = userEvent.setup();
    setup([]);
    renderRoutes(routes, '/checkout');
    const section = await screen.findByRole('region', { name: 'Shipping information' });
    expect(section).toHaveAttribute('data-section', 'ShippingInformation');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Please check one field in this section.');
    expect(screen.getByText('Choose how your order is shipped.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Priority Shipping/ }));
    await user.type(screen.getByLabelText(/Full name/), 'E2E Buyer');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Please check 5 fields in this section.');
    expect(screen.getByLabelText(/^City/)).toHaveAttribute('aria-invalid', 'true');
    expect(section).toHaveFocus();

    await user.type(screen.getByLabelText(/Address line 1/), 'Hauptstrasse 1');
    await user.type(screen.getByLabelText(/^City/), 'Berlin');
    await user.type(screen.getByLabelText(/Postal code/), '10115');
    await user.type(screen.getByLabelText(/Country code/), 'de');
    expect(screen.getByLabelText(/Country code/)).toHaveValue('DE');
    await user.type(screen.getByLabelText(/Phone/), '030123456789');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(currentUrl()).toBe('/checkout/payment'));
    const draft = loadDraft();
    expect(draft.shippingMethod).toBe('priority');
    expect(draft.shipping).toMatchObject({ id: null, fields: { city: 'Berlin', country: 'DE', company: null } });
  });

  it('starts from the default address of the book', async () => {
    const user = userEvent.setup();
    setup([address(), address({ id: 'adr_2', name: 'Office', is_default_shipping: false, is_default_billing: false })]);
    renderRoutes(routes, '/checkout');
    await user.click(await screen.findByRole('radio', { name: /Priority Shipping/ }));
    expect(screen.getByRole('radio', { name: /Ann Example, 1 Main Street/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(currentUrl()).toBe('/checkout/payment'));
    expect(loadDraft().shipping.id).toBe('adr_1');
  });

  it('puts the server’s field errors from the last attempt on the fields', async () => {
    saveDraft({
      ...emptyDraft(),
      shippingMethod: 'priority',
      shipping: {
        id: null,
        save: false,
        fields: { name: 'Ann', company: null, line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', postal_code: '7870', country: 'US', phone: '5125550100' },
      },
      shippingErrors: [{ field: 'shipping.address.postal_code', message: 'Enter a US ZIP code like 12345.' }],
    });
    setup([]);
    renderRoutes(routes, '/checkout');
    const zip = await screen.findByLabelText(/Postal code/);
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription(/Enter a US ZIP code like 12345\./);
    expect(screen.getByRole('alert')).toHaveTextContent('Please check one field in this section.');
  });
});
