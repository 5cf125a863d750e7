import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '@/testing/api-mock';
import { me, session, usd } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import StaffRebatesPage from './staff-rebates-page';

const SKYLINE = {
  id: 'ptn_sky',
  partner_name: 'Skyline Resellers Ltd',
  referral_code: 'SKYLINE',
  available: usd(1_548),
  available_entries: 1,
  pending: usd(1_548),
  last_paid_at: null,
};

describe('partner rebate payouts', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('records a payout with its reference; a changed amount is shown to confirm', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(me({ roles: ['customer', 'admin'] })),
      'GET /api/v1/staff/rebates': () => ({ partners: [SKYLINE] }),
      'POST /api/v1/staff/rebates/ptn_sky/mark-paid': ({ body }) => {
        attempts += 1;
        if (attempts === 1) return problem(409, 'version_conflict', { available_cents: 2_136 });
        const { amount_cents, reference } = body as { amount_cents: number; reference: string };
        return json({ id: 'pay_1', partner_id: 'ptn_sky', amount: usd(amount_cents), entries: 2, reference, paid_by: 'admin', created_at: '2026-11-27T10:00:00Z' });
      },
    });
    renderPage(<StaffRebatesPage />, '/admin/rebates');
    await user.click(await screen.findByRole('button', { name: 'Mark paid — Skyline Resellers Ltd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payout to Skyline Resellers Ltd' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark $15.48 paid' }));
    expect(within(dialog).getByText('Enter the bank or payout reference of the transfer.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Payment reference/), 'SEPA-2026-0142');
    await user.click(within(dialog).getByRole('button', { name: 'Mark $15.48 paid' }));
    expect(await within(dialog).findByText(/the available amount changed to \$21\.36 meanwhile/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('payout-amount')).toHaveTextContent('$21.36 (was $15.48)');
    await user.click(within(dialog).getByRole('button', { name: 'Mark $21.36 paid' }));
    expect(await screen.findByTestId('payout-status')).toHaveTextContent(
      'Payout of $21.36 to Skyline Resellers Ltd recorded (2 entries, reference SEPA-2026-0142).',
    );
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toEqual([
      { reference: 'SEPA-2026-0142', amount_cents: 1_548 },
      { reference: 'SEPA-2026-0142', amount_cents: 2_136 },
    ]);
  });
});
