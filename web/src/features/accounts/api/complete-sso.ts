import { api, unwrap } from '@/lib/api/client';
import type { CallbackResult } from './types';

/** The `code`/`state`/`error` the provider put on the callback URL. */
export interface CallbackParams {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** Reads the provider's answer from a callback URL's query string. */
export function callbackParams(search: string): CallbackParams {
  const params = new URLSearchParams(search);
  const read = (name: string) => params.get(name) ?? undefined;
  return { code: read('code'), state: read('state'), error: read('error'), error_description: read('error_description') };
}

/** `GET /auth/oidc/callback` (JSON): finishes the OpenID Connect sign-in and sets our own session. */
export async function completeSso(query: CallbackParams, signal?: AbortSignal): Promise<CallbackResult> {
  return unwrap(api.GET('/api/v1/auth/oidc/callback', { params: { query }, signal }));
}
