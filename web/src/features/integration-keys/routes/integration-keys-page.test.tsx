import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '@/testing/api-mock';
import { renderPage } from '@/testing/render';
import IntegrationKeysPage from './integration-keys-page';

const SECRET = 'upk_Zx81Qa7mN2pLk0RsTuVwXy34';

type Key = {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

const key = (over: Partial<Key> = {}): Key => ({
  id: 'ik_1',
  name: 'InControl usage feed',
  prefix: 'upk_AbCd1234',
  created_at: '2026-11-20T09:00:00Z',
  created_by: 'admin@uplink.test',
  last_used_at: '2026-11-26T08:55:00Z',
  revoked_at: null,
  ...over,
});

const oldKey = key({
  id: 'ik_0',
  name: 'Old lab feed',
  prefix: 'upk_Old00000',
  created_at: '2026-10-01T09:00:00Z',
  created_by: 'ops@uplink.test',
  last_used_at: null,
  revoked_at: '2026-11-01T12:00:00Z',
});

/** A tiny server: GET lists, POST creates, DELETE revokes. */
function fakeServer(initial: Key[]) {
  let keys = [...initial];
  return mockApi({
    'GET /api/v1/admin/integration-keys': () => ({ keys }),
    'POST /api/v1/admin/integration-keys': (call) => {
      const { name } = call.body as { name: string };
      const created = key({ id: 'ik_2', name, prefix: SECRET.slice(0, 12), created_at: '2026-11-26T10:00:00Z', last_used_at: null });
      keys = [created, ...keys];
      return json({ key: created, secret: SECRET }, 201);
    },
    'DELETE /api/v1/admin/integration-keys/ik_1': () => {
      keys = keys.map((k) => (k.id === 'ik_1' ? { ...k, revoked_at: '2026-11-26T10:05:00Z' } : k));
      return undefined;
    },
  });
}

const render = () => renderPage(<IntegrationKeysPage />, '/admin/integration-keys');

describe('integration keys page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every key with its prefix, creator, last use and state, active keys first', async () => {
    fakeServer([oldKey, key()]);
    render();
    const table = await screen.findByRole('table', { name: /Integration keys/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('InControl usage feed');
    expect(rows[0]).toHaveTextContent('upk_AbCd1234');
    expect(rows[0]).toHaveTextContent('by admin@uplink.test');
    expect(within(rows[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Revoke key “InControl usage feed”' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Old lab feed');
    expect(rows[1]).toHaveTextContent('by ops@uplink.test');
    expect(rows[1]).toHaveTextContent('Never');
    expect(within(rows[1]!).getByText('Revoked')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when there is no key yet', async () => {
    fakeServer([]);
    render();
    expect(await screen.findByText(/No integration keys yet/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Key name/ })).toBeInTheDocument();
  });

  it('creates a key and shows its secret once, with how to use it, until Done', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer([key()]);
    render();
    await user.type(await screen.findByRole('textbox', { name: /Key name/ }), '  Lab feed  ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const panel = await screen.findByRole('region', { name: 'Copy the key “Lab feed” now' });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ name: 'Lab feed' });
    expect(within(panel).getByRole('textbox', { name: /Integration key/ })).toHaveValue(SECRET);
    expect(panel).toHaveTextContent('This is the only time the key is shown.');
    expect(panel).toHaveTextContent('Authorization: Bearer <key>');
    expect(panel).toHaveTextContent('POST /api/v1/usage-records');
    expect(within(panel).getByRole('heading', { name: /Copy the key/ })).toHaveFocus();
    expect(screen.getByText('Key “Lab feed” created. Copy it now: it will not be shown again.')).toHaveAttribute(
      'role',
      'status',
    );
    // The new key is listed, the form is ready for another one.
    expect(within(screen.getByRole('table')).getByText('Lab feed')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Key name/ })).toHaveValue('');

    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(panel).getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await within(panel).findByText(/Key copied to the clipboard/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: /Done/ }));
    expect(screen.queryByRole('region', { name: /Copy the key/ })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(screen.getByRole('heading', { name: 'Keys' })).toHaveFocus();
  });

  it('selects the secret for copying by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    fakeServer([]);
    render();
    await user.type(await screen.findByRole('textbox', { name: /Key name/ }), 'Lab feed');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const panel = await screen.findByRole('region', { name: /Copy the key/ });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(panel).getByRole('button', { name: 'Copy key' }));
    expect(await within(panel).findByText(/press Ctrl\+C/)).toBeInTheDocument();
    const field = within(panel).getByRole('textbox', { name: /Integration key/ });
    expect(field).toHaveFocus();
    expect((field as HTMLInputElement).selectionStart).toBe(0);
    expect((field as HTMLInputElement).selectionEnd).toBe(SECRET.length);
  });

  it('checks the name before sending, and puts the server’s name error on the field', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/admin/integration-keys': () => ({ keys: [] }),
      'POST /api/v1/admin/integration-keys': () =>
        problem(422, 'validation_failed', { errors: [{ field: 'name', code: 'taken', message: 'A key with this name already exists.' }] }),
    });
    render();
    const name = await screen.findByRole('textbox', { name: /Key name/ });

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(/Enter a name/)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();

    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(/Enter a name/)).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'x'.repeat(81));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Keep the name to 80 characters.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(name);
    await user.type(name, 'x'.repeat(80));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('A key with this name already exists.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The key was not created. Check its name.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: /Copy the key/ })).not.toBeInTheDocument();
  });

  it('says what to do when the session check fails on creating', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/admin/integration-keys': () => ({ keys: [] }),
      'POST /api/v1/admin/integration-keys': () => problem(403, 'csrf_failed'),
    });
    render();
    await user.type(await screen.findByRole('textbox', { name: /Key name/ }), 'Lab feed');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The key was not created. Your session check failed. Reload the page and try again.',
    );
    expect(screen.getByRole('textbox', { name: /Key name/ })).toHaveValue('Lab feed');
  });

  it('revokes a key only after confirmation, and keeps it listed as revoked', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer([key(), oldKey]);
    render();
    await user.click(await screen.findByRole('button', { name: 'Revoke key “InControl usage feed”' }));
    let dialog = screen.getByRole('dialog', { name: 'Revoke the key “InControl usage feed”?' });
    expect(dialog).toHaveAccessibleDescription(/refused \(401\)/);
    await user.click(within(dialog).getByRole('button', { name: 'Keep the key' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke key “InControl usage feed”' }));
    dialog = screen.getByRole('dialog', { name: /Revoke the key/ });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));

    expect(await screen.findByText('Key “InControl usage feed” revoked. Systems using it are refused from now on.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      '/api/v1/admin/integration-keys/ik_1',
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const row = screen.getByRole('rowheader', { name: 'InControl usage feed' }).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Revoked')).toBeInTheDocument());
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Keys' })).toHaveFocus();
  });

  it('keeps the dialog open with what to do next when revoking fails', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/admin/integration-keys': () => ({ keys: [key()] }),
      'DELETE /api/v1/admin/integration-keys/ik_1': () => problem(500, 'server_error'),
    });
    render();
    await user.click(await screen.findByRole('button', { name: /Revoke key/ }));
    const dialog = screen.getByRole('dialog', { name: /Revoke the key/ });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The key was not revoked. Something went wrong on our side. Try again in a moment.',
    );
    expect(within(screen.getByRole('table')).getByText('Active')).toBeInTheDocument();
  });

  it('tells a signed-in non-admin the page is for admins, without the form', async () => {
    mockApi({ 'GET /api/v1/admin/integration-keys': () => problem(403, 'forbidden') });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Integration keys are for admins only.');
    expect(screen.queryByRole('textbox', { name: /Key name/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    mockApi({ 'GET /api/v1/admin/integration-keys': () => problem(401, 'unauthenticated') });
    render();
    const link = within(await screen.findByRole('alert')).getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toContain(encodeURIComponent('/admin/integration-keys'));
  });

  it('offers to try again when the list fails to load', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    mockApi({
      'GET /api/v1/admin/integration-keys': () => (++attempts === 1 ? problem(503, 'server_error') : { keys: [key()] }),
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load the integration keys.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toHaveTextContent('InControl usage feed');
  });
});
