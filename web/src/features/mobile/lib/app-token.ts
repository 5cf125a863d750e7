/**
 * The app opens a page with `#token=…` (SPEC §12). These read the token out of the fragment and
 * give the address without it, so the page can drop it from the address bar and the history
 * (history.replaceState) before anything else runs.
 */

/** The app token in a location fragment (`#token=abc` or `#a=1&token=abc`), or null. */
export function tokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token')?.trim();
  return token ? token : null;
}

/** The fragment with the token taken out ('' when nothing else was in it). */
export function hashWithoutToken(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  params.delete('token');
  const rest = params.toString();
  return rest ? `#${rest}` : '';
}

/** The app-token exchange as the page sees it. */
export type AppSignInState =
  | { kind: 'checking' }
  | { kind: 'exchanging' }
  | { kind: 'signed-in' }
  /** No token and no session, or the token was refused (used, expired, tampered, key revoked). */
  | { kind: 'open-from-app'; reason: 'missing' | 'invalid' }
  /** The exchange could not reach the server: trying again with the same token may still work. */
  | { kind: 'offline' };

/**
 * What the page shows, from what it knows: the token read from the address (if any), how the
 * exchange went, and whether a session already exists.
 */
export function appSignInState(input: {
  token: string | null;
  exchange: 'idle' | 'pending' | 'success' | 'invalid' | 'network';
  session: 'pending' | 'signed-in' | 'guest';
}): AppSignInState {
  if (input.token) {
    if (input.exchange === 'success') return { kind: 'signed-in' };
    if (input.exchange === 'invalid') return { kind: 'open-from-app', reason: 'invalid' };
    if (input.exchange === 'network') return { kind: 'offline' };
    return { kind: 'exchanging' };
  }
  if (input.session === 'pending') return { kind: 'checking' };
  if (input.session === 'signed-in') return { kind: 'signed-in' };
  return { kind: 'open-from-app', reason: 'missing' };
}
