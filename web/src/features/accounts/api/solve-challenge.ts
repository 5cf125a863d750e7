import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ChallengePass } from './types';

/** `POST /auth/challenge`: hands in a solution; the server sets the challenge-pass cookie. */
export async function solveChallenge(body: { id: string; solution: string }): Promise<ChallengePass> {
  return unwrap(api.POST('/api/v1/auth/challenge', { body }));
}

export function useSolveChallenge() {
  return useMutation({ mutationFn: solveChallenge });
}
