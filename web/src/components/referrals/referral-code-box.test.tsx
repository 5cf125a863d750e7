import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCart } from '@/lib/resources/cart/get-cart';
import { rememberReferralLink, readReferralLink } from '@/lib/referrals/referral-link';
import { json, mockApi } from '@/testing/api-mock';
import { cart, line, usd } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { AppReferralBox } from './referral-code-box';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => window.localStorage.clear());

function Harness() {
  const { data } = useCart();
  return data ? <AppReferralBox cart={data} /> : null;
}

const applied = (overrides = {}) => ({
  code: 'K7M2X9QA',
  referrer_name: 'Clara',
  discount_bp: 1000,
  discount: usd(2_000),
  eligible: true,
  reason: null,
  message: null,
  ...overrides,
});

async function box() {
  return within(await screen.findByRole('region', { name: 'Friend’s referral code' }));
}

describe('friend’s referral code box', { timeout: 20_000 }, () => {
  it('applies a typed code and shows what it takes off', async () => {
    let current = cart([line()]);
    const { calls } = mockApi({
      'GET /api/v1/cart': () => current,
      'PUT /api/v1/cart/app-referral': () => {
        current = cart([line()], { app_referral: applied() });
        return current;
      },
    });
    renderPage(<Harness />);
    const region = await box();
    await userEvent.type(region.getByLabelText(/Friend’s code/), 'k7m2-x9qa{Enter}');
    expect(await region.findByTestId('app-referral')).toHaveTextContent('K7M2X9QA from Clara: 10 % off eligible items (−$20.00)');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ code: 'k7m2-x9qa' });
    expect(region.getByRole('status')).toHaveTextContent('Referral code K7M2X9QA applied');
  });

  it('shows why a code is refused (referral_not_eligible with its reason) and what to do', async () => {
    mockApi({
      'GET /api/v1/cart': () => cart([line()]),
      'PUT /api/v1/cart/app-referral': () =>
        json(
          {
            status: 422,
            code: 'referral_not_eligible',
            title: 'Not eligible',
            reason: 'already_ordered',
            errors: [{ field: 'code', code: 'referral_not_eligible', message: 'Referral discounts are for a first order only.' }],
          },
          422,
        ),
    });
    renderPage(<Harness />);
    const region = await box();
    await userEvent.type(region.getByLabelText(/Friend’s code/), 'K7M2X9QA');
    await userEvent.click(region.getByRole('button', { name: 'Apply friend’s referral code' }));
    expect(await region.findByText('Referral discounts are for a first order only.', { selector: '.ui-field__error' })).toBeInTheDocument();
    expect(region.getByLabelText(/Friend’s code/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('falls back to the reason’s own words when the server gives none', async () => {
    mockApi({
      'GET /api/v1/cart': () => cart([line()]),
      'PUT /api/v1/cart/app-referral': () => json({ status: 422, code: 'referral_not_eligible', title: 'x', reason: 'own_code' }, 422),
    });
    renderPage(<Harness />);
    const region = await box();
    await userEvent.type(region.getByLabelText(/Friend’s code/), 'WEBER2R7{Enter}');
    expect(await region.findByText(/This is your own referral code/, { selector: '.ui-field__error' })).toBeInTheDocument();
  });

  it('says a code on the cart can’t be used, and removing it forgets a share link’s code', async () => {
    rememberReferralLink('K7M2X9QA');
    let current = cart([line()], {
      app_referral: applied({ eligible: false, discount: usd(0), reason: 'same_address', message: null }),
    });
    const { calls } = mockApi({
      'GET /api/v1/cart': () => current,
      'DELETE /api/v1/cart/app-referral': () => {
        current = cart([line()]);
        return current;
      },
    });
    renderPage(<Harness />);
    const region = await box();
    expect(await region.findByTestId('app-referral-refused')).toHaveTextContent(/Your address matches the address of the friend/);
    await userEvent.click(region.getByRole('button', { name: 'Remove referral code K7M2X9QA' }));
    await waitFor(() => expect(region.getByLabelText(/Friend’s code/)).toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(readReferralLink()).toBeNull();
  });
});
