import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '@/testing/api-mock';
import { me, session } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import InvitationPage from './invitation-page';

const TOKEN = 'q3Zc9fJ2mX7pL0aT5vR8wK1eY4uN6bHs';
const INVITATION = {
  email: 'erin@example.com',
  name: 'Erin Ng',
  company: 'Erin Ferries',
  partner_name: 'Skyline Resellers Ltd',
  expires_at: '2026-12-11T10:00:00Z',
  auth_mode: 'token',
};

const show = (url: string) =>
  renderRoutes(
    [
      { path: '/invitation', element: <InvitationPage /> },
      { path: '/account/device-management', element: <h1>Devices</h1> },
    ],
    url,
  );

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the invitation page', { timeout: 20_000 }, () => {
  it('takes the token out of the address bar, shows who invited whom, sets the password and opens the devices', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(null),
      [`GET /api/v1/invitations/${TOKEN}`]: () => INVITATION,
      [`POST /api/v1/invitations/${TOKEN}/claim`]: () => json({ user: me({ email: 'erin@example.com' }), csrf_token: 'c', expires_at: '2026-12-01T00:00:00Z' }),
    });
    const { router } = show(`/invitation#${TOKEN}`);
    expect(await screen.findByText('Skyline Resellers Ltd')).toBeInTheDocument();
    expect(screen.getByText('erin@example.com')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    // The token survives a reload of this tab.
    expect(sessionStorage.getItem('uplink.invitation.token')).toBe(TOKEN);
    expect(screen.getByLabelText(/^Your name/)).toHaveValue('Erin Ng');

    await user.type(screen.getByLabelText(/^Choose a password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password and see my devices' }));
    expect(await screen.findByText('Use at least 10 characters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Choose a password/));
    await user.type(screen.getByLabelText(/^Choose a password/), 'erin-password-1');
    await user.type(screen.getByLabelText(/^Type the password again/), 'erin-password-2');
    await user.click(screen.getByRole('button', { name: 'Set password and see my devices' }));
    expect(await screen.findByText('The two passwords differ. Type the same password twice.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Type the password again/));
    await user.type(screen.getByLabelText(/^Type the password again/), 'erin-password-1');
    await user.click(screen.getByRole('button', { name: 'Set password and see my devices' }));
    await waitFor(() => expect(currentUrl()).toBe('/account/device-management'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ password: 'erin-password-1', name: 'Erin Ng' });
    expect(sessionStorage.getItem('uplink.invitation.token')).toBeNull();
    // The used invitation is not asked for again on the way out.
    expect(calls.filter((c) => c.url.pathname === `/api/v1/invitations/${TOKEN}`)).toHaveLength(1);
  });

  it('says what to do with a used or expired link', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => session(null),
      [`GET /api/v1/invitations/${TOKEN}`]: () => problem(400, 'invitation_invalid'),
    });
    show(`/invitation#${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This invitation link can’t be used any more' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/password/reset');
  });

  it('asks for the link when the page is opened without one', async () => {
    const { calls } = mockApi({ 'GET /api/v1/auth/session': () => session(null) });
    show('/invitation');
    expect(await screen.findByRole('heading', { name: 'This page needs the link from your e-mail' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/v1/invitations'))).toBe(false);
  });

  it('keycloak mode: signs in with SSO coming back here, then claims without a password', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem('uplink.invitation.token', TOKEN);
    let signedIn = false;
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(signedIn ? me({ email: 'erin@example.com' }) : null, { auth_mode: 'keycloak' }),
      [`GET /api/v1/invitations/${TOKEN}`]: () => ({ ...INVITATION, auth_mode: 'keycloak' }),
      [`POST /api/v1/invitations/${TOKEN}/claim`]: () => json({ user: me(), csrf_token: 'c', expires_at: '2026-12-01T00:00:00Z' }),
    });
    const first = show('/invitation');
    expect(await screen.findByRole('link', { name: 'Sign in with SSO' })).toHaveAttribute(
      'href',
      '/api/v1/auth/oidc/start?return_to=%2Finvitation',
    );
    first.unmount();
    // Back from the identity provider: the token was kept for this tab.
    signedIn = true;
    show('/invitation');
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(currentUrl()).toBe('/account/device-management'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Erin Ng' });
  });
});
