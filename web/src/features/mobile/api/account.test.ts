import { describe, expect, it } from 'vitest';
import { authKeys } from '@/lib/auth/session';
import { deviceKeys } from '@/lib/resources/devices/query-keys';
import { AUTH_KEY, DEVICES_KEY, SESSION_KEY } from './account';

describe('the mobile group’s own account keys', () => {
  it('are the shared keys, so caches and invalidations agree', () => {
    expect(AUTH_KEY).toEqual(authKeys.all);
    expect(SESSION_KEY).toEqual(authKeys.session());
    expect(DEVICES_KEY).toEqual(deviceKeys.all);
    expect([...DEVICES_KEY, 'list', {}]).toEqual(deviceKeys.list({}));
  });
});
