import { describe, expect, it } from 'vitest';
import type { components } from '@/lib/api/schema';
import { daysUntil, isCareProduct, isDevicePlan, relativeDays, runningOut } from './plans';

type UsageItem = components['schemas']['UsageItem'];
const item = (id: string, run_out_on: string | null, top = true): UsageItem =>
  ({
    id,
    kind: 'subscription',
    name: id,
    sku: 'SFC',
    members: [],
    unlimited: false,
    used_mb: 1,
    period_start: '2026-11-01',
    run_out_on,
    top_up: top ? { sku: 'SFC-TOP', name: 'Top up', option_code: 'serial_numbers', option_value: 'X' } : null,
  });

describe('plans on the mobile pages', () => {
  const today = new Date('2026-11-27T12:00:00Z');

  it('offers top-ups for what runs out within 7 days, soonest first', () => {
    const list = runningOut([item('later', '2026-12-20'), item('soon', '2026-12-04'), item('sooner', '2026-11-29'), item('none', null), item('no-top-up', '2026-11-28', false)], today);
    expect(list.map((i) => i.id)).toEqual(['sooner', 'soon']);
  });

  it('counts whole UTC days', () => {
    expect(daysUntil('2026-11-27', today)).toBe(0);
    expect(daysUntil('2026-12-04', today)).toBe(7);
    expect(relativeDays(0)).toBe('today');
    expect(relativeDays(1)).toBe('tomorrow');
    expect(relativeDays(5)).toBe('in 5 days');
  });

  it('sorts plans and care products', () => {
    expect(isDevicePlan({ type: 'cloud', labels: [] })).toBe(true);
    expect(isDevicePlan({ type: 'license', labels: ['SFC_APP_VPN'] })).toBe(true);
    expect(isDevicePlan({ type: 'license', labels: [] })).toBe(false);
    expect(isCareProduct({ type: 'license', category: 'care-warranty' })).toBe(true);
    expect(isCareProduct({ type: 'license', category: 'licences' })).toBe(false);
  });
});
