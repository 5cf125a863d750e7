/** Query parameter of `/login` holding where to go after signing in. */
export const RETURN_PARAM = 'redirect';

function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20 || value.charCodeAt(i) === 0x7f) return true;
  return false;
}

/**
 * A same-site path to send someone back to, or `fallback`: only `/…` paths, never `//host`,
 * backslashes or encoded slashes (no open redirect), and never back to the sign-in pages themselves.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/account'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (value.includes('\\') || /%2f|%5c/i.test(value) || hasControlCharacters(value)) return fallback;
  const path = value.split(/[?#]/)[0];
  if (path === '/login' || path === '/challenge' || path === '/sso/callback') return fallback;
  return value;
}

/** `/login?redirect=<here>` for a page that needs a signed-in visitor. */
export function loginUrl(returnTo: string): string {
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: returnTo }).toString()}`;
}
