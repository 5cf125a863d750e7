import { describe, expect, it } from 'vitest';
import { loginUrl, returnPathFrom, safeReturnPath } from './return-path';

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
    expect(safeReturnPath('/login?return_to=/x', '/')).toBe('/');
  });
});

describe('loginUrl and returnPathFrom', () => {
  it('builds the login URL with the return path encoded', () => {
    expect(loginUrl('/account/bookmark')).toBe('/login?return_to=%2Faccount%2Fbookmark');
  });
  it.each(['/checkout/payment?step=2', '/order', '/admin/errors', '/products/max-br1-mini?serial=1'])(
    'reads back what loginUrl wrote for %s',
    (path) => {
      const query = loginUrl(path).split('?')[1];
      expect(returnPathFrom(new URLSearchParams(query))).toBe(path);
    },
  );
  it('ignores the old parameter names and foreign origins', () => {
    expect(returnPathFrom(new URLSearchParams('redirect=/checkout'))).toBe('/account');
    expect(returnPathFrom(new URLSearchParams('next=/checkout'))).toBe('/account');
    expect(returnPathFrom(new URLSearchParams('return_to=https://evil.test/'))).toBe('/account');
    expect(returnPathFrom(new URLSearchParams('return_to=//evil.test/x'), '/')).toBe('/');
  });
});
