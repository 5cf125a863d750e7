import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { api, readCsrfToken } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'uplink_csrf=; Max-Age=0; Path=/';
});

describe('CSRF header', () => {
  it('reads the token from the uplink_csrf cookie', () => {
    expect(readCsrfToken('a=1; uplink_csrf=tok%3D1; b=2')).toBe('tok=1');
    expect(readCsrfToken('a=1')).toBeUndefined();
  });

  it('is sent on mutations and not on reads', async () => {
    document.cookie = 'uplink_csrf=abc123; Path=/';
    const { calls } = mockApi({ 'POST /api/v1/auth/logout': () => undefined, 'GET /api/v1/me/bookmarks': () => undefined });
    await api.POST('/api/v1/auth/logout');
    await api.GET('/api/v1/me/bookmarks');
    expect(calls[0]?.headers.get('X-CSRF-Token')).toBe('abc123');
    expect(calls[1]?.headers.get('X-CSRF-Token')).toBeNull();
  });
});
