import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { me, session } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import { RequireAuth } from './require-auth';

const routes = [
  { path: '/account/settings', element: <RequireAuth>Private settings</RequireAuth> },
  { path: '/login', element: <p>Sign-in page</p> },
];

afterEach(() => vi.unstubAllGlobals());

describe('account guard', () => {
  it('sends signed-out visitors to /login with the way back', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => session(null) });
    renderRoutes(routes, '/account/settings?email_token=abc');
    await waitFor(() => expect(currentUrl()).toBe('/login?return_to=%2Faccount%2Fsettings%3Femail_token%3Dabc'));
    expect(screen.queryByText('Private settings')).not.toBeInTheDocument();
  });

  it('shows the page to a signed-in visitor', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => session(me()) });
    renderRoutes(routes, '/account/settings');
    expect(await screen.findByText('Private settings')).toBeInTheDocument();
    expect(currentUrl()).toBe('/account/settings');
  });
});
