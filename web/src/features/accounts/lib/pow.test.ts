import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { hasLeadingZeroBits, powDigest, searchRange, solve, type PowMessage } from './pow';

// Expected digests from coreutils' `sha256sum` (printf '<nonce>:<solution>' | sha256sum), the
// same SHA-256 of "<nonce>:<solution>" that `uplink_domain::accounts::pow::digest` computes.
describe('the puzzle digest', () => {
  it('is SHA-256 of "<nonce>:<solution>"', () => {
    expect(bytesToHex(powDigest('c0ffee', '0'))).toBe('bfa7414697146ea7129f70cb52fa98626f6f5d0708672ac391d59e87b5276bb4');
    expect(bytesToHex(powDigest('ab', 'c'))).toBe('5f1390ea338444eb27117a13b752b992b7bd2a67a92fc027cb64abec2cffbdea');
  });
  it('hashes UTF-8', () => {
    expect(bytesToHex(powDigest('é', 'é'))).toBe('d57c0d575290e0617813c0ba818e50e08bdffcdeb0c7a579f917b0fb991f0bae');
  });
  it('pads across the block boundary (55 and 56 bytes)', () => {
    const a27 = 'a'.repeat(27);
    expect(bytesToHex(powDigest(a27, a27))).toBe('e268ab6e42c17c928cff1d9fd2782c710260ff47d5717d413909437fface6d16');
    expect(bytesToHex(powDigest(`${a27}a`, a27))).toBe(
      'cdc8dd1d1759cb7ff40eca4c419ec955b0162143e944f667d1d267c1e8c98a12',
    );
  });
});

describe('leading zero bits', () => {
  it('counts whole and partial bytes', () => {
    expect(hasLeadingZeroBits(new Uint8Array([0, 0x0f]), 12)).toBe(true);
    expect(hasLeadingZeroBits(new Uint8Array([0, 0x1f]), 12)).toBe(false);
    expect(hasLeadingZeroBits(new Uint8Array([0x80]), 0)).toBe(true);
    expect(hasLeadingZeroBits(new Uint8Array([0x80]), 1)).toBe(false);
  });
});

describe('proof of work', () => {
  it('finds a counter whose hash has the asked leading zero bits', () => {
    const solution = searchRange({ nonce: 'abc123', difficulty: 10 }, 0, 100_000);
    expect(solution).not.toBeNull();
    expect(hasLeadingZeroBits(powDigest('abc123', solution!), 10)).toBe(true);
  });
  it('reports progress and then the solution', async () => {
    const messages: PowMessage[] = [];
    await solve({ nonce: 'n0nce', difficulty: 12 }, (message) => messages.push(message), undefined, 500);
    const last = messages.at(-1);
    expect(last?.type).toBe('solved');
    if (last?.type === 'solved') expect(hasLeadingZeroBits(powDigest('n0nce', last.solution), 12)).toBe(true);
  });
});
