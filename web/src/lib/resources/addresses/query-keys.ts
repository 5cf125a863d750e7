import { authKeys } from '@/lib/auth/session';

/**
 * Query keys of the address book (`/me/addresses`), read by the address book, the account
 * page and checkout: every address mutation invalidates `addressKeys.all`, so all of them
 * see the change. Under `authKeys.all`, so signing in or out resets them.
 */
export const addressKeys = {
  all: [...authKeys.all, 'addresses'] as const,
  list: () => [...addressKeys.all, 'list'] as const,
};
