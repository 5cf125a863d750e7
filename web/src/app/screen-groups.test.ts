import { describe, expect, it } from 'vitest';
import { groupForPath } from './screen-groups';

describe('groupForPath', () => {
  it.each([
    ['/', 'MAIN'],
    ['/products/balance-20x', 'MAIN'],
    ['/account/settings', 'MAIN'],
    ['/mobile', 'MOBILE'],
    ['/mobile/', 'MOBILE'],
    ['/mobile/warranties/cart', 'MOBILE'],
    ['/mobilex', 'MAIN'],
    ['/monitoring', 'MONITORING'],
    ['/monitoring/', 'MONITORING'],
    ['/monitoring/extra', 'MAIN'],
    ['/m/referral', 'REFERRAL'],
    ['/m/referral/products', 'REFERRAL'],
    ['/m/referrals', 'MAIN'],
    ['/m/v2/referral', 'MINISTORE_V2_REFERRAL'],
    ['/m/v2/referral/checkout-success', 'MINISTORE_V2_REFERRAL'],
    ['/m/v2', 'MAIN'],
    ['/m', 'MAIN'],
  ] as const)('%s → %s', (path, group) => {
    expect(groupForPath(path)).toBe(group);
  });
});
