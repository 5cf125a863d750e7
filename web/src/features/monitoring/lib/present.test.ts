import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDay } from '@/lib/time-format';
import { esim, pool, subscription, TODAY } from '../test/fixtures';
import {
  alertStatusText,
  autoRenewText,
  daysBetween,
  expiryText,
  meterText,
  meterTone,
  periodLeftText,
  periodText,
  runOutText,
  stackingCandidates,
  usageSubject,
  usedPercent,
} from './present';

describe('what an item is', () => {
  it('names the device of a subscription, the ICCID of an eSIM and the members of a pool', () => {
    expect(usageSubject(subscription())).toEqual({ label: 'Device', value: '1A2B-3C4D-5E6F — Head office' });
    expect(usageSubject(subscription({ device_name: '  ' }))).toEqual({ label: 'Device', value: '1A2B-3C4D-5E6F' });
    expect(usageSubject(esim())).toEqual({ label: 'ICCID', value: '8944500102198304826' });
    expect(usageSubject(pool())).toEqual({ label: 'Shared by', value: '3 eSIMs' });
    expect(usageSubject(pool({ members: ['1'] })).value).toBe('1 eSIM');
  });
});

describe('the meter', () => {
  it('counts whole per cent used, capped at 100, and nothing for unlimited data', () => {
    expect(usedPercent(subscription())).toBe(23);
    expect(usedPercent(subscription({ used_mb: 200_000 }))).toBe(100);
    expect(usedPercent(subscription({ unlimited: true, allowance_mb: null, remaining_mb: null }))).toBeNull();
  });

  it('turns amber from 75% or a reached alert, red from 90%', () => {
    expect(meterTone(subscription())).toBe('ok');
    expect(meterTone(subscription({ used_mb: 76_800 }))).toBe('warning');
    expect(meterTone(subscription({ alert: { kind: 'percent', value: 90, reached: true, last_sent_at: null } }))).toBe('warning');
    expect(meterTone(esim())).toBe('danger');
  });

  it('speaks its value in words', () => {
    expect(meterText(subscription())).toBe('23 GB of 100 GB used (23%)');
    expect(meterText(subscription({ unlimited: true, allowance_mb: null }))).toBe('23 GB used, unlimited data');
  });
});

describe('the period', () => {
  it('shows its days and what is left of it from the server’s today', () => {
    expect(periodText(subscription())).toBe('1 Oct 2026 – 1 Oct 2027');
    expect(periodText(subscription({ period_end: null }))).toBe('Since 1 Oct 2026');
    expect(periodLeftText(subscription(), TODAY)).toBe('309 days left');
    expect(periodLeftText(esim({ period_end: '2026-11-27T00:00:00Z' }), TODAY)).toBe('1 day left');
    expect(periodLeftText(esim({ period_end: '2026-11-26T00:00:00Z' }), TODAY)).toBe('Ends today');
    expect(periodLeftText(esim({ period_end: '2026-11-20T00:00:00Z' }), TODAY)).toBe('Ended 6 days ago');
    expect(periodLeftText(esim({ period_end: null }), TODAY)).toBeNull();
  });

  it('counts UTC days', () => {
    expect(daysBetween('2026-11-26', '2027-01-15')).toBe(50);
    expect(daysBetween('2026-11-26', '2026-11-26T23:59:00Z')).toBe(0);
    expect(formatLongDay('2027-05-03')).toBe('3 May 2027');
  });
});

describe('the run-out projection', () => {
  it('says the day the data runs out at this rate, sooner in stronger colours', () => {
    expect(runOutText(subscription(), TODAY)).toEqual({ text: 'At this rate, runs out on 15 January 2027.', tone: 'warning' });
    expect(runOutText(subscription({ run_out_on: '2027-05-03' }), TODAY)).toEqual({
      text: 'At this rate, runs out on 3 May 2027.',
      tone: 'warning',
    });
    expect(runOutText(esim(), TODAY)).toEqual({ text: 'At this rate, runs out on 29 November 2026.', tone: 'danger' });
    expect(runOutText(esim({ run_out_on: TODAY }), TODAY).text).toBe('At this rate, runs out today.');
  });

  it('says when there is too little recent use to project, the data is unlimited or used up', () => {
    expect(runOutText(pool(), TODAY).text).toBe('Not enough recent use to project a run-out date.');
    expect(runOutText(subscription({ unlimited: true, allowance_mb: null, remaining_mb: null, run_out_on: null }), TODAY).text).toBe(
      'Unlimited data: nothing runs out.',
    );
    expect(runOutText(esim({ remaining_mb: 0, run_out_on: null }), TODAY)).toEqual({
      text: 'All the data is used up. Top up to keep the connection going.',
      tone: 'danger',
    });
  });

  it('says the data lasts the period when the projection falls after its end', () => {
    expect(runOutText(esim({ run_out_on: '2026-12-20' }), TODAY)).toEqual({
      text: 'At this rate, the data lasts until the period ends on 1 December 2026.',
      tone: 'ok',
    });
  });
});

describe('the alert’s state', () => {
  it('is off, on with its threshold, or already reached with the last e-mail', () => {
    expect(alertStatusText(null, 1024)[0]).toMatch(/^Off\./);
    expect(alertStatusText({ kind: 'percent', value: 10, reached: false, last_sent_at: null }, 78_848)).toEqual([
      'On: we’ll e-mail you when 10% of the data is left.',
    ]);
    const sent = alertStatusText({ kind: 'mb', value: 2048, reached: false, last_sent_at: '2026-11-20T14:05:00Z' }, 78_848);
    expect(sent[0]).toBe('On: we’ll e-mail you when 2 GB is left.');
    // The time an e-mail went out is an instant: the browser's zone and locale, like every other one.
    expect(sent[1]).toBe(`Last e-mail sent on ${formatDateTime('2026-11-20T14:05:00Z')}.`);
    const reached = alertStatusText({ kind: 'mb', value: 2048, reached: true, last_sent_at: null }, 1024);
    expect(reached[0]).toBe('Already reached (1 GB left): the data is at or below your threshold, when 2 GB is left.');
    expect(reached[1]).toMatch(/^No e-mail goes out/);
    expect(alertStatusText({ kind: 'mb', value: 2048, reached: true, last_sent_at: '2026-11-20T14:05:00Z' }, 1024)[1]).toContain(
      `We e-mailed you about it on ${formatDateTime('2026-11-20T14:05:00Z')}. `,
    );
  });
});

describe('SFC management', () => {
  it('says how the plan renews', () => {
    expect(autoRenewText({ auto_renew: true, auto_renew_method: 'card' })).toBe('On — charged to your saved card');
    expect(autoRenewText({ auto_renew: true, auto_renew_method: 'credit_terms' })).toBe('On — invoiced on your credit terms');
    expect(autoRenewText({ auto_renew: true, auto_renew_method: null })).toBe('On');
    expect(autoRenewText({ auto_renew: false, auto_renew_method: null })).toBe('Off');
  });

  it('says when the plan expires', () => {
    expect(expiryText('2027-10-01T00:00:00Z', TODAY)).toBe('1 October 2027, in 309 days');
    expect(expiryText('2026-11-27T00:00:00Z', TODAY)).toBe('27 November 2026, tomorrow');
    expect(expiryText('2026-11-24T00:00:00Z', TODAY)).toBe('24 November 2026, 2 days ago');
  });

  it('previews the device’s top-up plan and a renewal of the plan it has, each once', () => {
    expect(stackingCandidates(subscription())).toEqual([
      { sku: 'SFC-20GB-1M', name: 'SpeedFusion Cloud 20 GB / 1 month' },
      { sku: 'SFC-100GB-1Y', name: 'SpeedFusion Cloud 100 GB — 1 year' },
    ]);
    expect(stackingCandidates(subscription({ top_up: null }))).toEqual([
      { sku: 'SFC-100GB-1Y', name: 'SpeedFusion Cloud 100 GB — 1 year' },
    ]);
  });
});
