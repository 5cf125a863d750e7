import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** What the solver reports while it works and when it is done. */
export type PowMessage =
  | { type: 'progress'; tried: number }
  | { type: 'solved'; solution: string; tried: number }
  | { type: 'failed'; tried: number };

export interface PowPuzzle {
  nonce: string;
  difficulty: number;
}

/**
 * The digest a solution is judged by: SHA-256 of the UTF-8 string "<nonce>:<solution>"
 * (the server's `uplink_domain::accounts::pow::digest`). The hash is `@noble/hashes`
 * (audited, synchronous: tens of thousands of short strings are hashed, and
 * `crypto.subtle` is async and needs a secure context).
 */
export function powDigest(nonce: string, solution: string): Uint8Array {
  return sha256(utf8ToBytes(`${nonce}:${solution}`));
}

/** True when `hash` starts with at least `bits` zero bits. */
export function hasLeadingZeroBits(hash: Uint8Array, bits: number): boolean {
  let remaining = bits;
  for (const byte of hash) {
    if (remaining <= 0) return true;
    if (remaining >= 8) {
      if (byte !== 0) return false;
      remaining -= 8;
    } else {
      return byte >> (8 - remaining) === 0;
    }
  }
  return remaining <= 0;
}

/** Expected number of hashes for a difficulty (each leading zero bit doubles it). */
export function expectedWork(difficulty: number): number {
  return 2 ** difficulty;
}

/**
 * Tries counters `start`, `start+1`, … up to `count` of them: the first whose
 * SHA-256("<nonce>:<counter>") has `difficulty` leading zero bits is the solution.
 */
export function searchRange(puzzle: PowPuzzle, start: number, count: number): string | null {
  for (let i = start; i < start + count; i++) {
    const solution = String(i);
    if (hasLeadingZeroBits(powDigest(puzzle.nonce, solution), puzzle.difficulty)) return solution;
  }
  return null;
}

/** Hard stop: 64× the expected work finds a solution with overwhelming probability. */
export function maxAttempts(difficulty: number): number {
  return Math.max(1_000, expectedWork(difficulty) * 64);
}

/** Runs the search in slices, reporting progress after each; used by the worker and as the fallback. */
export async function solve(
  puzzle: PowPuzzle,
  report: (message: PowMessage) => void,
  signal?: AbortSignal,
  slice = 2_000,
): Promise<void> {
  const limit = maxAttempts(puzzle.difficulty);
  for (let start = 0; start < limit; start += slice) {
    if (signal?.aborted) return;
    const found = searchRange(puzzle, start, slice);
    if (found !== null) {
      report({ type: 'solved', solution: found, tried: Number(found) + 1 });
      return;
    }
    report({ type: 'progress', tried: start + slice });
    // Yield so a fallback run on the main thread keeps the page responsive.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  report({ type: 'failed', tried: limit });
}
