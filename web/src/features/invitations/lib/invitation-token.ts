/**
 * The invitation link of a delivery e-mail is `{public URL}/invitation#<token>`: the token rides in
 * the fragment, which browsers never send to a server (nor in a Referer). The page takes it out of
 * the address bar at once and keeps it in this tab's sessionStorage until it is claimed, so a
 * reload or the SSO round trip of keycloak mode still finds it.
 */
const KEY = 'uplink.invitation.token';

/** Tokens the server makes: URL-safe characters, long enough to be unguessable. */
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

/** The token of a `#<token>` fragment (also `#token=<token>`), or null when the fragment holds none. */
export function tokenFromHash(hash: string): string | null {
  let value = hash.startsWith('#') ? hash.slice(1) : hash;
  if (value.startsWith('token=')) value = value.slice('token='.length);
  try {
    value = decodeURIComponent(value).trim();
  } catch {
    return null;
  }
  return TOKEN.test(value) ? value : null;
}

export function rememberToken(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    /* private mode: the page still works until it is left */
  }
}

export function rememberedToken(): string | null {
  try {
    const value = sessionStorage.getItem(KEY);
    return value && TOKEN.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function forgetToken(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
}
