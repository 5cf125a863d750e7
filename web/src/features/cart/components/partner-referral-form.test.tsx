import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartPage } from '../routes/cart-page';
import { json, mockApi } from '@/testing/api-mock';
import { cart, line } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';

afterEach(() => vi.unstubAllGlobals());

const northwind = { code: 'NORTHWIND', partner_name: 'Northwind Networks Ltd' };

async function box() {
  return within(await screen.findByRole('region', { name: 'Partner referral code' }));
}

describe('partner referral code box', { timeout: 20_000 }, () => {
  it('applies a code, names the partner and leaves the total alone', async () => {
    let current = cart([line()]);
    let release: () => void = () => {};
    const { calls } = mockApi({
      'GET /api/v1/cart': () => current,
      'PUT /api/v1/cart/referral-code': async () => {
        await new Promise<void>((resolve) => (release = resolve));
        current = cart([line()], { partner_referral: northwind });
        return current;
      },
    });
    renderPage(<CartPage />, '/cart');
    const referral = await box();
    await userEvent.type(referral.getByLabelText(/Referral code/), 'northwind');
    await userEvent.click(referral.getByRole('button', { name: 'Apply referral code' }));
    // Pending while the server answers.
    await waitFor(() => expect(referral.getByRole('button', { name: 'Apply referral code' })).toHaveAttribute('aria-busy', 'true'));
    release();
    expect(await referral.findByTestId('partner-referral')).toHaveTextContent('Referred by Northwind Networks Ltd (NORTHWIND)');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ code: 'northwind' });
    expect(referral.getByRole('status')).toHaveTextContent('referred by Northwind Networks Ltd');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$200.00');
  });

  it('shows the server message inline and announces it', async () => {
    mockApi({
      'GET /api/v1/cart': () => cart([line()]),
      'PUT /api/v1/cart/referral-code': () =>
        json(
          {
            status: 422,
            code: 'referral_code_invalid',
            title: 'Invalid',
            detail: 'NOPE is not a partner referral code; check the spelling.',
            errors: [{ field: 'code', code: 'referral_code_invalid', message: 'NOPE is not a partner referral code; check the spelling.' }],
          },
          422,
        ),
    });
    renderPage(<CartPage />, '/cart');
    const referral = await box();
    const input = referral.getByLabelText(/Referral code/);
    await userEvent.type(input, 'nope');
    await userEvent.click(referral.getByRole('button', { name: 'Apply referral code' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(/NOPE is not a partner referral code/);
    expect(referral.getByRole('status')).toHaveTextContent('NOPE is not a partner referral code; check the spelling.');
    // Typing again clears the error.
    await userEvent.type(input, 'x');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('removes the applied code', async () => {
    let current = cart([line()], { partner_referral: northwind });
    const { calls } = mockApi({
      'GET /api/v1/cart': () => current,
      'DELETE /api/v1/cart/referral-code': () => {
        current = cart([line()]);
        return current;
      },
    });
    renderPage(<CartPage />, '/cart');
    const referral = await box();
    await userEvent.click(await referral.findByRole('button', { name: 'Remove partner referral code NORTHWIND' }));
    expect(await referral.findByLabelText(/Referral code/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(referral.queryByTestId('partner-referral')).not.toBeInTheDocument();
  });
});
