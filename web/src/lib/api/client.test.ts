import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, readCsrfToken } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'uplink_csrf=; Max-Age=0; Path=/';
});

function stubFetch() {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      requests.push(request);
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  return requests;
}

describe('CSRF header', () => {
  it('reads the token from the uplink_csrf cookie', () => {
    expect(readCsrfToken('a=1; uplink_csrf=tok%3D1; b=2')).toBe('tok=1');
    expect(readCsrfToken('a=1')).toBeUndefined();
  });

  it('is sent on mutations and not on reads', async () => {
    document.cookie = 'uplink_csrf=abc123; Path=/';
    const requests = stubFetch();
    await api.POST('/api/v1/auth/logout');
    await api.GET('/api/v1/me/bookmarks');
    expect(requests[0]?.headers.get('X-CSRF-Token')).toBe('abc123');
    expect(requests[1]?.headers.get('X-CSRF-Token')).toBeNull();
  });
});
