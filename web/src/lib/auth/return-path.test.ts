import { describe, expect, it } from 'vitest';
import { loginUrl, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnPath('/account/settings?tab=1')).toBe('/account/settings?tab=1');
  });
  it.each(['https://evil.test/', '//evil.test', '/\\evil.test', '/%2F%2Fevil.test', 'account', '', null])(
    'refuses %s',
    (value) => {
      expect(safeReturnPath(value)).toBe('/account');
    },
  );
  it('never returns to the sign-in pages', () => {
    expect(safeReturnPath('/login?redirect=/x', '/')).toBe('/');
  });
  it('builds the login URL with the return path encoded', () => {
    expect(loginUrl('/account/bookmark')).toBe('/login?redirect=%2Faccount%2Fbookmark');
  });
});
