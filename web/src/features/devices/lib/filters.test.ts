import { describe, expect, it } from 'vitest';
import { apiFilters, hasFilters, paramsFromState, stateFromParams } from './filters';

describe('device management URL state', () => {
  it('round-trips search, filters and the open device through the URL', () => {
    const state = stateFromParams(new URLSearchParams('q=van&model=BR1-MINI&expiring=true&auto_renew=true&serial=1824-ABCD-0001'));
    expect(state).toEqual({ q: 'van', model: 'BR1-MINI', expiring: true, autoRenew: true, serial: '1824-ABCD-0001' });
    expect(paramsFromState(state).toString()).toBe('q=van&model=BR1-MINI&expiring=true&auto_renew=true&serial=1824-ABCD-0001');
  });

  it('leaves empty and switched-off filters out of the URL and the API call', () => {
    const state = stateFromParams(new URLSearchParams('q=%20%20&expiring=false&serial=1824-ABCD-0001'));
    expect(paramsFromState(state).toString()).toBe('serial=1824-ABCD-0001');
    expect(apiFilters(state)).toEqual({});
    expect(hasFilters(state)).toBe(false);
    expect(apiFilters(stateFromParams(new URLSearchParams('q=bus&auto_renew=true')))).toEqual({ q: 'bus', auto_renew: true });
  });
});
