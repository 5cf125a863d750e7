import { describe, expect, it } from 'vitest';
import { ApiProblem } from './api/api-problem';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('never retries client errors', () => {
    expect(shouldRetry(0, new ApiProblem(404))).toBe(false);
    expect(shouldRetry(0, new ApiProblem(429))).toBe(false);
  });

  it('retries server and network errors twice', () => {
    expect(shouldRetry(0, new ApiProblem(503))).toBe(true);
    expect(shouldRetry(1, ApiProblem.network(null))).toBe(true);
    expect(shouldRetry(2, new ApiProblem(503))).toBe(false);
  });
});
