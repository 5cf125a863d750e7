import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type AuthResponse = components['schemas']['AuthResponse'];

/** `POST /auth/app-token`: trades the app's single-use token for a cookie session (D104). */
export function exchangeAppToken(token: string): Promise<AuthResponse> {
  return unwrap(api.POST('/api/v1/auth/app-token', { body: { token } }));
}
