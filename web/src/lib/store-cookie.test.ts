import { describe, expect, it } from 'vitest';
import { readStoreCookie, writeStoreCookie } from './store-cookie';

describe('store cookie', () => {
  it('defaults to the global store and reads what was written', () => {
    expect(readStoreCookie('other=1')).toBe('global');
    expect(readStoreCookie('a=b; uplink_store=us')).toBe('us');
    expect(readStoreCookie('uplink_store=mars')).toBe('global');
    writeStoreCookie('us');
    expect(readStoreCookie()).toBe('us');
  });
});
