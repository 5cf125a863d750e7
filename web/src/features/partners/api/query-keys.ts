import { authKeys } from '@/lib/auth/session';
import type { RebateFilters } from '../lib/rebate-filters';

/**
 * Query keys of the partner's pages and the staff payouts. Under `authKeys.all`, so signing in or
 * out (another account, maybe no partner) resets them.
 */
export const partnerKeys = {
  all: [...authKeys.all, 'partner'] as const,
  dashboard: () => [...partnerKeys.all, 'dashboard'] as const,
  rebates: (filters: RebateFilters) => [...partnerKeys.all, 'rebates', filters] as const,
  miniStores: () => [...partnerKeys.all, 'mini-stores'] as const,
  miniStore: (key: string) => [...partnerKeys.miniStores(), key] as const,
  productSearch: (key: string, q: string) => [...partnerKeys.miniStore(key), 'candidates', q] as const,
  staffRebates: () => [...authKeys.all, 'staff-rebates'] as const,
};
