/**
 * The challenge redirect key (SPEC §8): where `/challenge` sends the visitor back to once the
 * puzzle is solved, kept in this tab's sessionStorage so it survives a reload of `/challenge`.
 */
export const CHALLENGE_REDIRECT_KEY = 'uplink.challenge_redirect';

export function keepChallengeRedirect(url: string): void {
  try {
    sessionStorage.setItem(CHALLENGE_REDIRECT_KEY, url);
  } catch {
    // Storage may be unavailable (private mode quotas); the challenge page then returns to /login.
  }
}

/** The kept URL (a same-site path), or `/login`. */
export function readChallengeRedirect(): string {
  let value: string | null = null;
  try {
    value = sessionStorage.getItem(CHALLENGE_REDIRECT_KEY);
  } catch {
    value = null;
  }
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/login';
  return value;
}

export function clearChallengeRedirect(): void {
  try {
    sessionStorage.removeItem(CHALLENGE_REDIRECT_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
