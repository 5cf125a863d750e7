import { authKeys } from '@/lib/auth/session';

/**
 * Query keys of credit accounts: the customer's own (`/me/credit`, read by the account page and
 * checkout) and the ones staff open. Under `authKeys.all`, so signing in or out resets them;
 * placing or cancelling a credit-terms order invalidates `creditKeys.all`.
 */
export const creditKeys = {
  all: [...authKeys.all, 'credit'] as const,
  mine: () => [...creditKeys.all, 'mine'] as const,
  staffCustomers: (q: string, withTerms: boolean) => [...creditKeys.all, 'staff', 'customers', q, withTerms] as const,
  staffAccount: (id: string) => [...creditKeys.all, 'staff', 'account', id] as const,
  overdue: () => [...creditKeys.all, 'staff', 'overdue'] as const,
};
