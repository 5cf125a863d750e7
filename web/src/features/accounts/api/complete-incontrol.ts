import { api, unwrap } from '@/lib/api/client';
import type { CallbackParams } from './complete-sso';
import type { CallbackResult } from './types';

/** `GET /auth/incontrol/callback` (JSON): exchanges the code and signs in with, or links, InControl. */
export async function completeIncontrol(query: CallbackParams, signal?: AbortSignal): Promise<CallbackResult> {
  return unwrap(api.GET('/api/v1/auth/incontrol/callback', { params: { query }, signal }));
}
