import { api, unwrap } from '@/lib/api/client';
import type { Challenge } from './types';

/** `GET /auth/challenge`: a fresh single-use proof-of-work puzzle (never cached). */
export async function getChallenge(signal?: AbortSignal): Promise<Challenge> {
  return unwrap(api.GET('/api/v1/auth/challenge', { signal }));
}
