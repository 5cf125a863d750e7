/**
 * Query parameter of `/login` holding where to go after signing in. The one name used by every
 * sign-in link and by the server's external sign-in starts (`/auth/oidc/start?return_to=`).
 */
export const RETURN_PARAM = 'return_to';

function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20 || value.charCodeAt(i) === 0x7f) return true;
  return false;
}

/**
 * A same-site path to send someone back to, or `fallback`: only `/…` paths, never `//host`,
 * backslashes or encoded slashes (no open redirect, D35), and never back to the sign-in pages themselves.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/account'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (value.includes('\\') || /%2f|%5c/i.test(value) || hasControlCharacters(value)) return fallback;
  const path = value.split(/[?#]/)[0];
  if (path === '/login' || path === '/challenge' || path === '/sso/callback') return fallback;
  return value;
}

/** `/login?return_to=<path>`: the one way to build a sign-in link that comes back to `returnTo`. */
export function loginUrl(returnTo: string): string {
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: returnTo }).toString()}`;
}

/** The one way to read it back: where `/login` sends the visitor once signed in (foreign origins refused). */
export function returnPathFrom(params: URLSearchParams, fallback = '/account'): string {
  return safeReturnPath(params.get(RETURN_PARAM), fallback);
}
