import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/lib/auth/session';
import { mockApi, problem } from '@/testing/api-mock';
import { me, session } from '@/testing/fixtures';
import { currentUrl, renderPage } from '@/testing/render';
import { AccountMenu } from './account-menu';

async function openMenuAs(roles: Me['roles']) {
  mockApi({ 'GET /api/v1/auth/session': () => session(me({ roles })) });
  renderPage(<AccountMenu />, '/');
  await userEvent.click(await screen.findByRole('button', { name: /Account menu for/ }));
}

describe('account menu', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links staff to the back office, whose navigation lists their pages', async () => {
    await openMenuAs(['customer', 'sales']);
    expect(screen.getByRole('link', { name: 'Back office' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('link', { name: 'Integration keys' })).not.toBeInTheDocument();
  });

  it('shows customers no back-office link', async () => {
    await openMenuAs(['customer']);
    expect(screen.queryByRole('link', { name: 'Back office' })).not.toBeInTheDocument();
  });

  it('links partners to their dashboard, ledger and the pavilion, and admins to the rebate payouts', async () => {
    await openMenuAs(['customer', 'partner']);
    expect(screen.getByRole('link', { name: 'Partner dashboard' })).toHaveAttribute('href', '/partner');
    expect(screen.getByRole('link', { name: 'Rebate ledger' })).toHaveAttribute('href', '/partner/rebates');
    expect(screen.getByRole('link', { name: 'Check out for an end customer' })).toHaveAttribute('href', '/partner-pavillion/checkout');
    expect(screen.queryByRole('link', { name: 'Partner rebates' })).not.toBeInTheDocument();
  });

  it('shows admins the back office but no partner pages', async () => {
    await openMenuAs(['customer', 'admin']);
    expect(screen.getByRole('link', { name: 'Back office' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('link', { name: 'Partner dashboard' })).not.toBeInTheDocument();
  });

  it('says what to do when signing out fails, and stays put', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => session(me()),
      'POST /api/v1/auth/logout': () => problem(503, 'unavailable'),
    });
    renderPage(<AccountMenu />, '/account/settings');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu for/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Signing out failed. Reload the page and try again.')).toBeInTheDocument();
    expect(currentUrl()).toBe('/account/settings');
  });
});
