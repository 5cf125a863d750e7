import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHALLENGE_REDIRECT_KEY } from '../lib/challenge-redirect';
import { hasLeadingZeroBits, powDigest } from '../lib/pow';
import { mockApi, problem } from '@/testing/api-mock';
import { currentUrl, renderRoutes } from '@/testing/render';
import { ChallengePage } from './challenge-page';

const routes = [
  { path: '/challenge', element: <ChallengePage /> },
  { path: '/login', element: <p>Sign-in page</p> },
];
const PUZZLE = { id: 'chl_1', nonce: 'c0ffee', difficulty: 8, algorithm: 'sha256-leading-zero-bits', expires_at: 'x' };

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('challenge page', () => {
  it('solves the server’s puzzle and returns to the kept URL', async () => {
    sessionStorage.setItem(CHALLENGE_REDIRECT_KEY, '/login?return_to=%2Faccount');
    const { calls } = mockApi({
      'GET /api/v1/auth/challenge': () => PUZZLE,
      'POST /api/v1/auth/challenge': () => ({ pass: 'p', expires_at: 'x', attempts: 5 }),
    });
    renderRoutes(routes, '/challenge');
    expect(screen.getByRole('progressbar', { name: 'Security check progress' })).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/login?return_to=%2Faccount'), { timeout: 10_000 });
    const body = calls.find((call) => call.method === 'POST')?.body as { id: string; solution: string };
    expect(body.id).toBe('chl_1');
    expect(hasLeadingZeroBits(powDigest('c0ffee', body.solution), 8)).toBe(true);
    expect(sessionStorage.getItem(CHALLENGE_REDIRECT_KEY)).toBeNull();
  });

  it('explains a refused solution and starts again on request', async () => {
    let gets = 0;
    mockApi({
      'GET /api/v1/auth/challenge': () => {
        gets += 1;
        return PUZZLE;
      },
      'POST /api/v1/auth/challenge': () =>
        problem(422, 'validation_failed', { errors: [{ field: 'id', code: 'validation_failed', message: 'expired' }] }),
    });
    renderRoutes(routes, '/challenge');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/Then start the check again/), { timeout: 10_000 });
    screen.getByRole('button', { name: 'Start the check again' }).click();
    await waitFor(() => expect(gets).toBe(2));
  });
});
