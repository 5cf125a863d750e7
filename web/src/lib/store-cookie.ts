/**
 * The store a visitor shops in (SPEC §3), kept in the `uplink_store` cookie that the server reads
 * on every call: an eStore code (`global`, `us`: the visitor's region choice, kept a year) or a
 * partner mini-store's key (entered through a `?store=KEY` link, kept for the visit only — a
 * session cookie — so the next visit starts in the main store again).
 */
export const STORE_COOKIE = 'uplink_store';
export const STORES = ['global', 'us'] as const;
export type StoreCode = (typeof STORES)[number];

/** The query parameter of a mini-store link (`/?store=nwn-7f3k9q`), the one the API reads too. */
export const STORE_PARAM = 'store';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** What a mini-store key may look like (the server's keys: lower case letters, digits and hyphens). */
const MINI_STORE_KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function isStoreCode(value: string | null | undefined): value is StoreCode {
  return (STORES as readonly string[]).includes(value ?? '');
}

/** A `?store=` value or cookie value as a mini-store key (trimmed, lower case), or null when it is none. */
export function miniStoreKeyOf(value: string | null | undefined): string | null {
  const key = (value ?? '').trim().toLowerCase();
  if (!key || isStoreCode(key) || !MINI_STORE_KEY.test(key)) return null;
  return key;
}

/** Fired on `window` whenever the store cookie is written, so every store display can follow. */
export const STORE_CHANGED_EVENT = 'uplink:store-changed';

function cookieValue(cookie: string): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === STORE_COOKIE) return rest.join('=').trim() || null;
  }
  return null;
}

/** The eStore chosen in the cookie, or null when none was chosen (or the cookie holds a mini-store). */
export function readChosenStore(cookie = document.cookie): StoreCode | null {
  const value = cookieValue(cookie);
  return isStoreCode(value) ? value : null;
}

/** The eStore (region) the cookie names, `global` when it names none. */
export function readStoreCookie(cookie = document.cookie): StoreCode {
  return readChosenStore(cookie) ?? 'global';
}

/** The mini-store the visitor is in (its key), or null when they shop in an eStore. */
export function readMiniStoreKey(cookie = document.cookie): string | null {
  return miniStoreKeyOf(cookieValue(cookie));
}

function setCookie(value: string, maxAge: number | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const age = maxAge === null ? '' : `; Max-Age=${maxAge}`;
  document.cookie = `${STORE_COOKIE}=${value}; Path=/${age}; SameSite=Lax${secure}`;
  window.dispatchEvent(new CustomEvent(STORE_CHANGED_EVENT, { detail: value }));
}

/** Chooses an eStore (Global / US) for a year; leaves any mini-store. */
export function writeStoreCookie(store: StoreCode): void {
  setCookie(store, ONE_YEAR_SECONDS);
}

/** Enters a mini-store for this visit (a session cookie). */
export function enterMiniStore(key: string): void {
  const normalised = miniStoreKeyOf(key);
  if (!normalised) throw new Error(`Not a mini-store key: ${key}`);
  setCookie(normalised, null);
}

/**
 * Leaves the mini-store: the cookie goes, so the server picks the store as for anyone else (the
 * account's country, else the default store). An eStore choice is not touched.
 */
export function leaveMiniStore(cookie = document.cookie): void {
  if (readMiniStoreKey(cookie) === null) return;
  setCookie('', 0);
}
