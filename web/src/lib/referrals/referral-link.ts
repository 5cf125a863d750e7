/**
 * A share link's code (`?ref=CODE`), kept in this browser for 30 days so that it follows the
 * visitor to whichever store's cart they buy in; the first link wins (SPEC §10, D103). The server
 * keeps it on the cart too (`from_link`: a cart that has a code keeps it); this copy is what lets
 * a cart opened later, or in another store, get it.
 */
const KEY = 'uplink.referral-link';
export const REFERRAL_LINK_DAYS = 30;
const DAY_MS = 86_400_000;
/** The query parameter of a share link. */
export const REF_PARAM = 'ref';

interface Saved {
  code: string;
  at: number;
}

function read(): Saved | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<Saved>;
    if (typeof saved.code !== 'string' || typeof saved.at !== 'number') return null;
    return { code: saved.code, at: saved.at };
  } catch {
    return null;
  }
}

/** Tidies what someone typed or a link carried: upper case, no spaces or dashes; null when it can't be a code. */
export function normaliseReferralCode(value: string | null | undefined): string | null {
  const code = (value ?? '').toUpperCase().replace(/[\s-]/g, '');
  return /^[A-Z0-9]{4,32}$/.test(code) ? code : null;
}

/** The code a share link left within the last 30 days, or null. */
export function readReferralLink(now = Date.now()): string | null {
  const saved = read();
  if (!saved || now - saved.at > REFERRAL_LINK_DAYS * DAY_MS) return null;
  return saved.code;
}

/** Keeps a share link's code unless an earlier link's is still kept (the first link wins); answers the kept code. */
export function rememberReferralLink(code: string, now = Date.now()): string {
  const kept = readReferralLink(now);
  if (kept) return kept;
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ code, at: now } satisfies Saved));
  } catch {
    // Private mode: the cart still keeps it.
  }
  return code;
}

/** The buyer removed the code, or it can't be used: stop offering it. */
export function forgetReferralLink(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
