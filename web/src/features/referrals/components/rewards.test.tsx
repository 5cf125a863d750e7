import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RedeemableSubscription, Reward, RewardTotals } from '@/lib/resources/referrals';
import { mockApi, problem } from '@/testing/api-mock';
import { usd } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { ConvertToCoupon } from './convert-to-coupon';
import { ReferAFriendCard } from './refer-a-friend';
import { RewardsList } from './rewards-list';
import { SfcRedemptionPanel } from './sfc-redemption';

afterEach(() => vi.unstubAllGlobals());

const reward = (id: string, status: string, overrides: Partial<Reward> = {}): Reward => ({
  id,
  kind: 'coupon',
  value: usd(990),
  status,
  earned_at: '2026-11-01T10:00:00Z',
  available_at: '2026-11-15T10:00:00Z',
  expires_at: '2027-11-15T10:00:00Z',
  redeemed_at: null,
  redeemed_as: null,
  ...overrides,
});

const totals = (overrides: Partial<RewardTotals> = {}): RewardTotals => ({
  pending: usd(0),
  available_coupon: usd(0),
  available_sfc: usd(0),
  redeemed: usd(0),
  expired: usd(0),
  referred_orders: 0,
  ...overrides,
});

describe('rewards list', () => {
  it('filters by status and says when each reward moves', async () => {
    renderPage(
      <RewardsList
        rewards={[
          reward('r1', 'pending'),
          reward('r2', 'available'),
          reward('r3', 'redeemed', { redeemed_at: '2026-11-20T10:00:00Z', redeemed_as: 'RW-ABC' }),
          reward('r4', 'cancelled'),
        ]}
        coupons={[{ code: 'RW-ABC', value: usd(990), expires_at: '2027-11-20T10:00:00Z', used: false }]}
      />,
    );
    const list = within(screen.getByRole('list', { name: 'Your rewards' }));
    expect(list.getAllByTestId('reward')).toHaveLength(4);
    expect(screen.queryByRole('radio', { name: /Expired/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Pending (1)' }));
    expect(list.getAllByTestId('reward')).toHaveLength(1);
    expect(list.getByTestId('reward')).toHaveTextContent('available from 15 Nov 2026');
    await userEvent.click(screen.getByRole('radio', { name: 'Redeemed (1)' }));
    expect(list.getByTestId('reward')).toHaveTextContent('on 20 Nov 2026 as RW-ABC');
    expect(screen.getByTestId('reward-coupon')).toHaveTextContent('RW-ABC');
    expect(screen.getByTestId('reward-coupon')).toHaveTextContent('valid until 20 Nov 2027');
  });

  it('invites sharing when there are none', () => {
    renderPage(<RewardsList rewards={[]} />);
    expect(screen.getByText(/No rewards yet/)).toBeInTheDocument();
  });
});

describe('turning rewards into a coupon', { timeout: 20_000 }, () => {
  it('converts the available rewards and shows the code and its validity', async () => {
    const { calls } = mockApi({
      'POST /api/v1/me/rewards/coupon': () => ({ code: 'RW-7KQ2M9', value: usd(1980), expires_at: '2027-11-27T00:00:00Z', used: false }),
    });
    renderPage(<ConvertToCoupon available={usd(1980)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn $19.80 into a coupon' }));
    expect(await screen.findByTestId('new-coupon-code')).toHaveTextContent('RW-7KQ2M9');
    expect(screen.getByTestId('new-reward-coupon')).toHaveTextContent('worth $19.80, valid until 27 Nov 2027');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says what went wrong when nothing is left to convert', async () => {
    mockApi({ 'POST /api/v1/me/rewards/coupon': () => problem(422, 'validation_failed', { detail: 'No rewards are available.' }) });
    renderPage(<ConvertToCoupon available={usd(990)} />);
    await userEvent.click(screen.getByRole('button', { name: /into a coupon/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No rewards are available.');
  });
});

const sub = (overrides: Partial<RedeemableSubscription> = {}): RedeemableSubscription => ({
  id: 'sub_1',
  serial: '1824-DEMO-0001',
  family: 'cloud',
  sku: 'SFC-100GB-1Y',
  name: 'SpeedFusion Cloud 100 GB / 1 year',
  allowance_mb: 102_400,
  used_mb: 1000,
  remaining_mb: 101_400,
  expires_at: '2027-06-01T00:00:00Z',
  active: true,
  ...overrides,
});

describe('SFC redemption', { timeout: 20_000 }, () => {
  it('previews what the rewards add, then confirms', async () => {
    const answer = (applied: boolean) => ({
      subscription_id: 'sub_1',
      serial: '1824-DEMO-0001',
      plan: 'SpeedFusion Cloud 100 GB / 1 year',
      rewards: 2,
      value: usd(1980),
      added_mb: 20_480,
      added_days: 0,
      remaining_mb: 121_880,
      expires_at: '2027-06-01T00:00:00Z',
      applied,
    });
    const { calls } = mockApi({
      'POST /api/v1/me/rewards/sfc-redemption': (call) => answer((call.body as { confirm: boolean }).confirm),
    });
    renderPage(<SfcRedemptionPanel available={usd(1980)} subscriptions={[sub(), sub({ id: 'sub_old', active: false })]} />);
    const select = screen.getByRole('combobox', { name: 'Cloud subscription' });
    expect(within(select).getAllByRole('option')).toHaveLength(2);
    await userEvent.selectOptions(select, 'sub_1');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByTestId('sfc-preview')).toHaveTextContent('2 rewards worth $19.80 add 20 GB to SpeedFusion Cloud 100 GB / 1 year');
    await userEvent.click(screen.getByRole('button', { name: 'Add 20 GB to this plan' }));
    expect(await screen.findByTestId('sfc-redeemed')).toHaveTextContent('Added 20 GB to SpeedFusion Cloud 100 GB / 1 year on 1824-DEMO-0001 — 119 GB left');
    expect(calls.map((c) => c.body)).toEqual([
      { subscription_id: 'sub_1', confirm: false },
      { subscription_id: 'sub_1', confirm: true },
    ]);
  });

  it('says how many days still fit when the 3-year cap refuses', async () => {
    mockApi({
      'POST /api/v1/me/rewards/sfc-redemption': () =>
        problem(409, 'plan_not_stackable', { detail: 'This would take the plan past 3 years.', days_left: 12 }),
    });
    renderPage(<SfcRedemptionPanel available={usd(1980)} subscriptions={[sub({ family: 'cloud-unlimited' })]} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Cloud subscription' }), 'sub_1');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This would take the plan past 3 years. Only 12 more days fit on it.');
  });
});

describe('Refer a friend card', { timeout: 20_000 }, () => {
  it('hands out the code with its share link, then shows the rewards', async () => {
    let code: { code: string; share_url: string } | null = null;
    mockApi({
      'GET /api/v1/me/referral': () => ({
        code,
        get_referral_code: true,
        referral_code: true,
        referee_discount_bp: 1000,
        first_order_only: true,
        rewards: totals(),
      }),
      'POST /api/v1/me/referral/code': () => {
        code = { code: 'K7M2X9QA', share_url: 'http://localhost/m/referral/?ref=K7M2X9QA' };
        return code;
      },
      'GET /api/v1/me/rewards': () => ({ rewards: [reward('r1', 'pending')], coupons: [], totals: totals({ pending: usd(990), referred_orders: 1 }) }),
    });
    renderPage(<ReferAFriendCard />);
    const card = within(await screen.findByRole('region', { name: 'Refer a friend' }));
    await userEvent.click(await card.findByRole('button', { name: 'Get my referral code' }));
    expect(await card.findByTestId('referral-code')).toHaveTextContent('K7M2X9QA');
    expect(card.getByLabelText('Share link', { exact: true })).toHaveValue('http://localhost/m/referral/?ref=K7M2X9QA');
    expect(card.getByRole('button', { name: 'Copy your referral share link' })).toBeInTheDocument();
    expect(card.getByTestId('rewards-pending')).toHaveTextContent('$9.90');
    expect(card.getByText('1 friend’s order has earned you a reward.')).toBeInTheDocument();
  });
});
