import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '@/testing/api-mock';
import { me } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import { DeleteAccount } from './delete-account';

afterEach(() => vi.unstubAllGlobals());

const account = { ...me(), csrf_token: 'c', incontrol_linked: false };

describe('delete account', () => {
  it('asks for the password in a dialog and deletes only then', async () => {
    let attempts = 0;
    const { calls } = mockApi({
      'DELETE /api/v1/me': () => {
        attempts += 1;
        return attempts === 1
          ? problem(401, 'invalid_credentials', { errors: [{ field: 'password', code: 'invalid_credentials', message: 'x' }] })
          : undefined;
      },
    });
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/account/settings', element: <DeleteAccount me={account} /> },
        { path: '/', element: <p>Home</p> },
      ],
      '/account/settings',
    );
    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(screen.getByLabelText(/Your password/)).toHaveAccessibleDescription(/Enter your password to confirm/);
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText(/Your password/), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(screen.getByLabelText(/Your password/)).toHaveAccessibleDescription(/That isn’t your password/));

    await user.clear(screen.getByLabelText(/Your password/));
    await user.type(screen.getByLabelText(/Your password/), 'the right one');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(currentUrl()).toBe('/'));
    expect(calls.at(-1)?.body).toEqual({ password: 'the right one' });
  });
});
