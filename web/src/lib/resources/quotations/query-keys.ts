import { authKeys } from '@/lib/auth/session';

/**
 * Query keys of quotations: the customer's own (the account dashboard, `/account/quotation`,
 * its pages and the quotation payment page) and the ones sales open. Under `authKeys.all`, so
 * signing in or out resets them; every quotation change invalidates `quotationKeys.all`.
 */
export const quotationKeys = {
  all: [...authKeys.all, 'quotations'] as const,
  lists: () => [...quotationKeys.all, 'list'] as const,
  list: (statuses: readonly string[], q: string) => [...quotationKeys.lists(), statuses.join(','), q] as const,
  detail: (number: string) => [...quotationKeys.all, 'detail', number] as const,
  staffLists: () => [...quotationKeys.all, 'staff', 'list'] as const,
  staffList: (statuses: readonly string[], q: string, olderThanDays: number | null) =>
    [...quotationKeys.staffLists(), statuses.join(','), q, olderThanDays ?? ''] as const,
  staffDetail: (number: string) => [...quotationKeys.all, 'staff', 'detail', number] as const,
};
