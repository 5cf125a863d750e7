import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHALLENGE_REDIRECT_KEY } from '../lib/challenge-redirect';
import { mockApi, problem } from '@/testing/api-mock';
import { COUNTRIES, me, session } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import { LoginPage } from './login-page';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/account/*', element: <p>Account area</p> },
  { path: '/challenge', element: <p>Challenge</p> },
];

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('sign in', () => {
  it('announces what is missing next to each field', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => session(null) });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText(/E-mail/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/Enter your e-mail address/);
    expect(screen.getByLabelText(/Password/)).toHaveAccessibleDescription(/Enter your password/);
    expect(email).toHaveFocus();
  });

  it('signs in and goes back to where the visitor came from', async () => {
    let signedIn = false;
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(signedIn ? me() : null),
      'POST /api/v1/auth/login': () => {
        signedIn = true;
        return { user: me(), csrf_token: 'c', expires_at: '2026-01-15T00:00:00Z' };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login?return_to=%2Faccount%2Fbookmark');
    await user.type(await screen.findByLabelText(/E-mail/), 'ann@example.com');
    await user.type(screen.getByLabelText(/Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentUrl()).toBe('/account/bookmark'));
    const login = calls.find((call) => call.method === 'POST');
    expect(login?.body).toEqual({ email: 'ann@example.com', password: 'correct horse battery' });
  });

  it('ignores a redirect to another site', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => session(null),
      'POST /api/v1/auth/login': () => ({ user: me(), csrf_token: 'c', expires_at: 'x' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login?return_to=https%3A%2F%2Fevil.test%2F');
    await user.type(await screen.findByLabelText(/E-mail/), 'ann@example.com');
    await user.type(screen.getByLabelText(/Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentUrl()).toBe('/account'));
  });

  it('says what to do after a wrong password', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => session(null),
      'POST /api/v1/auth/login': () => problem(401, 'invalid_credentials'),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText(/E-mail/), 'ann@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/don’t match.*reset your password/);
    expect(currentUrl()).toBe('/login');
  });

  it('goes to the challenge and keeps the sign-in URL under the challenge redirect key', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => session(null),
      'POST /api/v1/auth/login': () => problem(403, 'challenge_required', { challenge_url: '/api/v1/auth/challenge' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login?return_to=%2Faccount%2Fsettings');
    await user.type(await screen.findByLabelText(/E-mail/), 'ann@example.com');
    await user.type(screen.getByLabelText(/Password/), 'one more try');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentUrl()).toBe('/challenge'));
    expect(sessionStorage.getItem(CHALLENGE_REDIRECT_KEY)).toBe('/login?return_to=%2Faccount%2Fsettings');
  });

  it('offers single sign-on instead of the password form in keycloak mode', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => session(null, { auth_mode: 'keycloak', sso_enabled: true }) });
    renderRoutes(routes, '/login?return_to=%2Faccount%2Fsettings');
    const link = await screen.findByRole('link', { name: 'Sign in with SSO' });
    expect(link).toHaveAttribute('href', '/api/v1/auth/oidc/start?return_to=%2Faccount%2Fsettings');
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
  });

  it('sends a signed-in visitor straight on', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => session(me()) });
    renderRoutes(routes, '/login?return_to=%2Faccount%2Fsettings');
    await waitFor(() => expect(currentUrl()).toBe('/account/settings'));
  });
});

describe('register', () => {
  it('asks for at least 10 characters and a country before sending', async () => {
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(null),
      'GET /api/v1/countries': () => COUNTRIES,
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login?mode=register');
    await user.type(await screen.findByLabelText(/^Name/), 'Ann');
    await user.type(screen.getByLabelText(/^E-mail/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(/Use at least 10 characters/);
    expect(screen.getByLabelText(/^Country/)).toHaveAccessibleDescription(/Choose your country/);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('puts the server’s answer on the e-mail field when the address is taken', async () => {
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(null),
      'GET /api/v1/countries': () => COUNTRIES,
      'POST /api/v1/auth/register': () => problem(409, 'email_taken'),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login?mode=register');
    await user.type(await screen.findByLabelText(/^Name/), 'Ann Example');
    await user.type(screen.getByLabelText(/^E-mail/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'long enough password');
    await screen.findByRole('option', { name: 'Germany' });
    await user.selectOptions(screen.getByLabelText(/^Country/), 'DE');
    await user.type(screen.getByLabelText(/Company/), 'Example GmbH');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already exists');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAccessibleDescription(/Sign in instead/);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Ann Example',
      email: 'ann@example.com',
      password: 'long enough password',
      country: 'DE',
      company: 'Example GmbH',
      newsletter: false,
    });
  });
});
