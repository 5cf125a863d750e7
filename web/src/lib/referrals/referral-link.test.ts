import { beforeEach, describe, expect, it } from 'vitest';
import { forgetReferralLink, normaliseReferralCode, readReferralLink, rememberReferralLink } from './referral-link';

const DAY = 86_400_000;

describe('share link memory', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the first link’s code for 30 days', () => {
    expect(rememberReferralLink('FIRST234', 0)).toBe('FIRST234');
    expect(rememberReferralLink('SECOND23', 5 * DAY)).toBe('FIRST234');
    expect(readReferralLink(30 * DAY)).toBe('FIRST234');
    expect(readReferralLink(31 * DAY)).toBeNull();
    expect(rememberReferralLink('SECOND23', 31 * DAY)).toBe('SECOND23');
  });

  it('forgets a code on request', () => {
    rememberReferralLink('FIRST234');
    forgetReferralLink();
    expect(readReferralLink()).toBeNull();
  });

  it('reads a code as the server does: upper case, without spaces and dashes', () => {
    expect(normaliseReferralCode(' k7m2-x9qa ')).toBe('K7M2X9QA');
    expect(normaliseReferralCode('<script>')).toBeNull();
    expect(normaliseReferralCode(null)).toBeNull();
  });
});
