/** The session's CSRF token (readable cookie `uplink_csrf`), sent back on every mutating request (D21). */
export function csrfToken(): string {
  if (typeof document === 'undefined') return '';
  const match = /(?:^|;\s*)uplink_csrf=([^;]*)/.exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

/** Headers for a mutating request of a signed-in browser. */
export function csrfHeaders(): Record<string, string> {
  const token = csrfToken();
  return token ? { 'X-CSRF-Token': token } : {};
}
