import { authKeys } from '@/lib/auth/session';

/**
 * Query keys of the signed-in account (`/me`), read by accounts and checkout alike.
 * Under `authKeys.all`, so signing in or out resets them.
 */
export const meKeys = {
  all: [...authKeys.all, 'me'] as const,
  detail: () => [...meKeys.all, 'detail'] as const,
};
