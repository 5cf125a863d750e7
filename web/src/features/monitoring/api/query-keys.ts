import { authKeys } from '@/lib/auth/session';

/**
 * Query keys of the usage monitor (`/me/usage…`). Under `authKeys.all`, so signing in or out
 * resets them; saving an alert writes the list in place.
 */
export const usageKeys = {
  all: [...authKeys.all, 'usage'] as const,
  list: () => [...usageKeys.all, 'list'] as const,
  daily: (id: string, days: number) => [...usageKeys.all, 'daily', id, days] as const,
};
