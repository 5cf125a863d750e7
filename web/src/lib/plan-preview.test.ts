import { describe, expect, it } from 'vitest';
import { formatLongDay } from '@/lib/time-format';
import { PLAN_NEXT_STEP, planPreviewText, withNextStep } from './plan-preview';

const result = { allowance_mb: 32768, unlimited: false, carried_mb: 12288, expires_at: '2028-03-14T00:00:00Z', capped: false };

describe('plan preview text', () => {
  it('says what carries over and the new expiry when a plan is active', () => {
    const current = { remaining_mb: 12288, unlimited: false, expires_at: '2027-03-14T00:00:00Z' };
    expect(planPreviewText({ current, result })).toEqual({
      headline: 'Carries 12 GB, new expiry 14 March 2028 (32 GB in all).',
      cap: null,
    });
  });

  it('says a new plan starts when none is active', () => {
    const fresh = { allowance_mb: 20480, unlimited: false, carried_mb: null, expires_at: '2026-12-25T00:00:00Z', capped: false };
    expect(planPreviewText({ current: null, result: fresh }).headline).toBe('Starts a new plan: 20 GB until 25 December 2026.');
    expect(planPreviewText({ result: { ...fresh, allowance_mb: null, unlimited: true } }).headline).toBe(
      'Starts a new plan: unlimited data until 25 December 2026.',
    );
  });

  it('renews an unlimited plan from its expiry', () => {
    const current = { remaining_mb: null, unlimited: true, expires_at: '2027-03-14T00:00:00Z' };
    const renewed = { allowance_mb: null, unlimited: true, carried_mb: null, expires_at: '2028-03-14T00:00:00Z', capped: false };
    expect(planPreviewText({ current, result: renewed }).headline).toBe('Adds to the Unlimited plan, new expiry 14 March 2028.');
  });

  it('says when the 3-year cap shortened the plan', () => {
    const current = { remaining_mb: 1536, unlimited: false, expires_at: '2028-11-01T00:00:00Z' };
    const text = planPreviewText({ current, result: { ...result, carried_mb: 1536, allowance_mb: 22016, expires_at: '2029-11-25T00:00:00Z', capped: true } });
    expect(text.headline).toBe('Carries 1.5 GB, new expiry 25 November 2029 (21.5 GB in all).');
    expect(text.cap).toMatch(/^The 3-year cap shortened it/);
    expect(text.cap).toContain('25 November 2029');
  });

  it('reads expiries as UTC days whatever the time zone', () => {
    expect(formatLongDay('2028-03-14T00:00:00Z')).toBe('14 March 2028');
    expect(formatLongDay('not a date')).toBe('not a date');
  });
});

describe('next steps', () => {
  it('adds the next step unless the server’s sentence already says what to do', () => {
    expect(withNextStep('Bus 14 has an Unlimited plan until 1 May 2027.', PLAN_NEXT_STEP.plan_not_stackable ?? '')).toBe(
      'Bus 14 has an Unlimited plan until 1 May 2027. Choose a plan of the same kind, or buy this one once the current plan ends.',
    );
    expect(withNextStep('Wait until the plan ends.', 'Choose another.')).toBe('Wait until the plan ends.');
  });
});
