/** The store (region) a visitor shops in (SPEC §3), kept in the `uplink_store` cookie. */
export const STORE_COOKIE = 'uplink_store';
export const STORES = ['global', 'us'] as const;
export type StoreCode = (typeof STORES)[number];

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function isStoreCode(value: string | undefined): value is StoreCode {
  return (STORES as readonly string[]).includes(value ?? '');
}

/** Fired on `window` whenever the store cookie is written, so every store display can follow. */
export const STORE_CHANGED_EVENT = 'uplink:store-changed';

/** The store chosen in the cookie, or null when none was chosen. */
export function readChosenStore(cookie = document.cookie): StoreCode | null {
  const value = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === STORE_COOKIE)?.[1];
  return isStoreCode(value) ? value : null;
}

export function readStoreCookie(cookie = document.cookie): StoreCode {
  return readChosenStore(cookie) ?? 'global';
}

export function writeStoreCookie(store: StoreCode): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${STORE_COOKIE}=${store}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  window.dispatchEvent(new CustomEvent(STORE_CHANGED_EVENT, { detail: store }));
}
