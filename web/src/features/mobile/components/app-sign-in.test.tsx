import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '@/testing/api-mock';
import { me, session } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { AppSignIn, resetAppTokenExchanges } from './app-sign-in';

function setup(url: string, { signedIn = false, exchange = 'ok' } = {}) {
  let user = signedIn ? me() : null;
  const api = mockApi({
    'GET /api/v1/auth/session': () => session(user),
    'POST /api/v1/auth/app-token': () => {
      if (exchange === 'invalid') return problem(400, 'app_token_invalid');
      if (exchange === 'down') return problem(503, 'server_error');
      user = me();
      return json({ user, csrf_token: 'csrf-1', expires_at: '2026-12-01T00:00:00Z' });
    },
  });
  const view = renderPage(
    <AppSignIn>
      <h1>Your devices</h1>
    </AppSignIn>,
    url,
  );
  return { ...api, ...view };
}

describe('AppSignIn', () => {
  beforeEach(() => resetAppTokenExchanges());
  afterEach(() => vi.unstubAllGlobals());

  it('exchanges the token once, drops it from the address and shows the page', async () => {
    const { calls, router } = setup('/mobile?x=1#token=tok-123');
    expect(await screen.findByRole('heading', { name: 'Your devices' })).toBeInTheDocument();
    const exchanges = calls.filter((c) => c.url.pathname === '/api/v1/auth/app-token');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]!.body).toEqual({ token: 'tok-123' });
    expect(router.state.location.hash).toBe('');
    expect(router.state.location.search).toBe('?x=1');
    // Replaced, not pushed: going back cannot bring the token back.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('asks to open the page from the app when the token is used or expired — no sign-in form', async () => {
    const { router } = setup('/mobile#token=used', { exchange: 'invalid', signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Open this page again from the app' })).toBeInTheDocument();
    expect(screen.getByText(/already been used or has expired/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your devices' })).not.toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
  });

  it('asks to open the page from the app without a token or session', async () => {
    setup('/mobile');
    expect(await screen.findByRole('heading', { name: 'Open this page again from the app' })).toBeInTheDocument();
    expect(screen.getByText(/open from the Uplink mobile app/)).toBeInTheDocument();
  });

  it('uses the session the app opened before (a reload, a return from 3-D Secure)', async () => {
    const { calls } = setup('/mobile/product-plans/checkout?payment_intent=pi_1', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Your devices' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/v1/auth/app-token')).toBe(false);
  });

  it('offers to try again when the server could not be reached, with the same token', async () => {
    const { calls } = setup('/mobile#token=tok-9', { exchange: 'down' });
    expect(await screen.findByRole('heading', { name: 'No connection' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Try again' }).click();
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/v1/auth/app-token')).toHaveLength(2));
    expect(calls.filter((c) => c.url.pathname === '/api/v1/auth/app-token').every((c) => (c.body as { token: string }).token === 'tok-9')).toBe(true);
  });
});
