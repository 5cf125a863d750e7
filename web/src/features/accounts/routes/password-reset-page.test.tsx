import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '@/testing/api-mock';
import { me, session } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import { PasswordResetPage } from './password-reset-page';

const routes = [
  { path: '/password/reset', element: <PasswordResetPage /> },
  { path: '/account', element: <p>Account</p> },
];

afterEach(() => vi.unstubAllGlobals());

describe('password reset', () => {
  it('answers the same way whatever the address', async () => {
    const { calls } = mockApi({ 'POST /api/v1/auth/password-reset': () => json({ message: 'ok' }, 202) });
    const user = userEvent.setup();
    renderRoutes(routes, '/password/reset');
    await user.type(screen.getByLabelText(/E-mail/), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If nobody@example.com belongs to an Uplink account, a reset link is on its way.',
    );
    expect(calls[0]?.body).toEqual({ email: 'nobody@example.com' });
  });

  it('sets the new password from the link and signs in', async () => {
    const { calls } = mockApi({
      'POST /api/v1/auth/password-reset/confirm': () => ({ user: me(), csrf_token: 'c', expires_at: 'x' }),
      'GET /api/v1/auth/session': () => session(me()),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/password/reset?token=tok123');
    await user.type(screen.getByLabelText('New password *'), 'a brand new password');
    await user.type(screen.getByLabelText(/Repeat/), 'a brand new passwort');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByLabelText(/Repeat/)).toHaveAccessibleDescription(/The two passwords differ/);
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Repeat/));
    await user.type(screen.getByLabelText(/Repeat/), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(currentUrl()).toBe('/account'));
    expect(calls[0]?.body).toEqual({ token: 'tok123', password: 'a brand new password' });
  });

  it('tells what to do with a used or expired link', async () => {
    mockApi({ 'POST /api/v1/auth/password-reset/confirm': () => problem(400, 'reset_token_invalid') });
    const user = userEvent.setup();
    renderRoutes(routes, '/password/reset?token=old');
    await user.type(screen.getByLabelText('New password *'), 'a brand new password');
    await user.type(screen.getByLabelText(/Repeat/), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/older than 60 minutes/);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/password/reset');
  });
});
