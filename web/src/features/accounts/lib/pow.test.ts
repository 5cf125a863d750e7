import { describe, expect, it } from 'vitest';
import { searchRange, solve, type PowMessage } from './pow';
import { hasLeadingZeroBits, sha256, toHex } from './sha256';

describe('sha256', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(toHex(sha256(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });
  it('hashes UTF-8 across block boundaries', () => {
    expect(toHex(sha256('é'.repeat(40)))).toHaveLength(64);
    expect(toHex(sha256('a'.repeat(55)))).toBe('9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318');
    expect(toHex(sha256('a'.repeat(56)))).toBe('b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a');
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
    expect(hasLeadingZeroBits(sha256(`abc123:${solution}`), 10)).toBe(true);
  });
  it('reports progress and then the solution', async () => {
    const messages: PowMessage[] = [];
    await solve({ nonce: 'n0nce', difficulty: 12 }, (message) => messages.push(message), undefined, 500);
    const last = messages.at(-1);
    expect(last?.type).toBe('solved');
    if (last?.type === 'solved') expect(hasLeadingZeroBits(sha256(`n0nce:${last.solution}`), 12)).toBe(true);
  });
});
