// Usage-monitoring test data, shaped like the API's answers (issue #17's contract).
import type { DailyUsage, UsageDay, UsageItem, UsageList } from '../api/types';

export const TODAY = '2026-11-26';
export const ICCID = '8944500102198304826';
export const SERIAL = '1A2B-3C4D-5E6F';

/** A SpeedFusion Cloud subscription on a device: 100 GB, 23 GB used, running out on 15 January 2027. */
export function subscription(overrides: Partial<UsageItem> = {}): UsageItem {
  return {
    id: 'sub_1',
    kind: 'subscription',
    name: 'SpeedFusion Cloud 100 GB — 1 year',
    sku: 'SFC-100GB-1Y',
    serial: SERIAL,
    device_name: 'Head office',
    iccid: null,
    members: [],
    unlimited: false,
    allowance_mb: 102_400,
    used_mb: 23_552,
    remaining_mb: 78_848,
    period_start: '2026-10-01T00:00:00Z',
    period_end: '2027-10-01T00:00:00Z',
    run_out_on: '2027-01-15',
    alert: null,
    top_up: {
      sku: 'SFC-20GB-1M',
      name: 'SpeedFusion Cloud 20 GB / 1 month',
      option_code: 'serial_numbers',
      option_value: SERIAL,
    },
    sfc: { expires_at: '2027-10-01T00:00:00Z', auto_renew: true, auto_renew_method: 'card' },
    ...overrides,
  };
}

/** An eSIM with 10 GB, 9 GB used, topped up by a data bundle for its ICCID. */
export function esim(overrides: Partial<UsageItem> = {}): UsageItem {
  return {
    id: ICCID,
    kind: 'esim',
    name: 'Uplink eSIM Global',
    sku: 'ESIM-GLOBAL',
    serial: null,
    device_name: null,
    iccid: ICCID,
    members: [],
    unlimited: false,
    allowance_mb: 10_240,
    used_mb: 9_216,
    remaining_mb: 1_024,
    period_start: '2026-11-01T00:00:00Z',
    period_end: '2026-12-01T00:00:00Z',
    run_out_on: '2026-11-29',
    alert: null,
    top_up: {
      sku: 'ESIM-DATA-10GB-30D',
      name: 'eSIM Data 10 GB / 30 days',
      option_code: 'iccid',
      option_value: ICCID,
    },
    sfc: null,
    ...overrides,
  };
}

/** A data pool shared by three eSIMs. */
export function pool(overrides: Partial<UsageItem> = {}): UsageItem {
  return {
    id: 'pool_1',
    kind: 'pool',
    name: 'Fleet pool 500 GB',
    sku: 'ESIM-POOL-500GB',
    serial: null,
    device_name: null,
    iccid: null,
    members: ['8944500102198304826', '8944500102198304834', '8944500102198304842'],
    unlimited: false,
    allowance_mb: 512_000,
    used_mb: 1_000,
    remaining_mb: 511_000,
    period_start: '2026-11-01T00:00:00Z',
    period_end: '2026-12-01T00:00:00Z',
    run_out_on: null,
    alert: null,
    top_up: null,
    sfc: null,
    ...overrides,
  };
}

export function usageList(items: UsageItem[], today = TODAY): UsageList {
  return { today, items };
}

/** `count` days ending on `end`, oldest first: day i used (i + 1) × 100 MB, three quarters of it downloaded. */
export function days(count = 30, end = TODAY): UsageDay[] {
  const last = Date.parse(end);
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(last - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    const bytes = (index + 1) * 100 * 1024 * 1024;
    const down = (bytes / 4) * 3;
    return { date, bytes_down: down, bytes_up: bytes - down, bytes };
  });
}

export function daily(id: string, list: UsageDay[] = days()): DailyUsage {
  return { id, days: list };
}
