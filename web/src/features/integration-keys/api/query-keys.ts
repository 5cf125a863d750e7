import { authKeys } from '@/lib/auth/session';

/**
 * Query keys of the admin's integration keys. Under `authKeys.all`, so signing in or out
 * (another account, maybe not an admin) resets them.
 */
export const integrationKeyKeys = {
  all: [...authKeys.all, 'integration-keys'] as const,
  list: () => [...integrationKeyKeys.all, 'list'] as const,
};
