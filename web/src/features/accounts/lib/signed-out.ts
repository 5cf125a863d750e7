/** Set on an explicit sign-out so the silent SSO check does not sign the visitor straight back in (D38). */
export const SIGNED_OUT_KEY = 'uplink.signed_out';

export function signedOutHere(): boolean {
  try {
    return localStorage.getItem(SIGNED_OUT_KEY) === '1';
  } catch {
    return true;
  }
}

/** Remembers (in this browser) that the visitor signed out, or forgets it when they sign in again. */
export function rememberSignedOut(signedOut: boolean): void {
  try {
    if (signedOut) localStorage.setItem(SIGNED_OUT_KEY, '1');
    else localStorage.removeItem(SIGNED_OUT_KEY);
  } catch {
    // Storage unavailable: nothing to remember.
  }
}
