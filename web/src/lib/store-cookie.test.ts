import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  enterMiniStore,
  leaveMiniStore,
  miniStoreKeyOf,
  readChosenStore,
  readMiniStoreKey,
  readStoreCookie,
  STORE_CHANGED_EVENT,
  writeStoreCookie,
} from './store-cookie';

function clearCookie() {
  document.cookie = 'uplink_store=; Path=/; Max-Age=0';
}

describe('store cookie', () => {
  afterEach(clearCookie);

  it('defaults to the global store and reads what was written', () => {
    expect(readStoreCookie('other=1')).toBe('global');
    expect(readStoreCookie('a=b; uplink_store=us')).toBe('us');
    expect(readStoreCookie('uplink_store=mars')).toBe('global');
    writeStoreCookie('us');
    expect(readStoreCookie()).toBe('us');
  });

  it('tells a mini-store key from a region code', () => {
    expect(miniStoreKeyOf('nwn-7f3k9q')).toBe('nwn-7f3k9q');
    expect(miniStoreKeyOf('  NWN-7F3K9Q ')).toBe('nwn-7f3k9q');
    expect(miniStoreKeyOf('us')).toBeNull();
    expect(miniStoreKeyOf('global')).toBeNull();
    expect(miniStoreKeyOf('')).toBeNull();
    expect(miniStoreKeyOf(null)).toBeNull();
    // Nothing that could break out of the cookie or the URL.
    expect(miniStoreKeyOf('a;b')).toBeNull();
    expect(miniStoreKeyOf('a b')).toBeNull();
    expect(miniStoreKeyOf('-start')).toBeNull();
  });

  it('reads a mini-store key from the cookie; a region choice is not one', () => {
    expect(readMiniStoreKey('uplink_store=nwn-7f3k9q')).toBe('nwn-7f3k9q');
    expect(readMiniStoreKey('uplink_store=us')).toBeNull();
    expect(readMiniStoreKey('other=nwn-7f3k9q')).toBeNull();
    // In a mini-store no region is chosen: the region falls back to global.
    expect(readChosenStore('uplink_store=nwn-7f3k9q')).toBeNull();
    expect(readStoreCookie('uplink_store=nwn-7f3k9q')).toBe('global');
  });

  it('enters a mini-store for the visit and leaves it again, telling the page each time', () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener(STORE_CHANGED_EVENT, listener);
    const cookies = vi.spyOn(document, 'cookie', 'set');
    enterMiniStore('NWN-7f3k9q');
    expect(readMiniStoreKey()).toBe('nwn-7f3k9q');
    // A session cookie: no Max-Age, no Expires.
    expect(cookies.mock.calls.at(-1)?.[0]).toMatch(/^uplink_store=nwn-7f3k9q; Path=\/; SameSite=Lax$/);
    leaveMiniStore();
    expect(readMiniStoreKey()).toBeNull();
    expect(readStoreCookie()).toBe('global');
    window.removeEventListener(STORE_CHANGED_EVENT, listener);
    expect(seen).toEqual(['nwn-7f3k9q', '']);
  });

  it('leaving keeps a region choice, and choosing a region leaves the mini-store', () => {
    writeStoreCookie('us');
    leaveMiniStore();
    expect(readStoreCookie()).toBe('us');
    enterMiniStore('harbor-2m8x4t');
    writeStoreCookie('global');
    expect(readMiniStoreKey()).toBeNull();
  });

  it('refuses to write something that is no key', () => {
    expect(() => enterMiniStore('us')).toThrow();
    expect(() => enterMiniStore('x; Domain=evil')).toThrow();
  });
});
