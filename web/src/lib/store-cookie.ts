/** The store (region) a visitor shops in (SPEC §3), kept in the `uplink_store` cookie. */
export const STORE_COOKIE = 'uplink_store';
export const STORES = ['global', 'us'] as const;
export type StoreCode = (typeof STORES)[number];

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function isStoreCode(value: string | undefined): value is StoreCode {
  return (STORES as readonly string[]).includes(value ?? '');
}

export function readStoreCookie(cookie = document.cookie): StoreCode {
  const value = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === STORE_COOKIE)?.[1];
  return isStoreCode(value) ? value : 'global';
}

export function writeStoreCookie(store: StoreCode): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${STORE_COOKIE}=${store}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  window.dispatchEvent(new Event(STORE_CHANGE_EVENT));
}

/** Fired on `window` whenever the store cookie is written (so every store picker follows). */
export const STORE_CHANGE_EVENT = 'uplink-store-change';
