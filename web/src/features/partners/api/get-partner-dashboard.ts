import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { partnerKeys } from './query-keys';
import type { PartnerDashboard } from './types';

/** `GET /partner/dashboard` (partners): rebate totals, referral code, mini-stores, recent credited orders. */
export function getPartnerDashboard(signal?: AbortSignal): Promise<PartnerDashboard> {
  return unwrap(api.GET('/api/v1/partner/dashboard', { signal }));
}

export const partnerDashboardQueryOptions = () =>
  queryOptions({ queryKey: partnerKeys.dashboard(), queryFn: ({ signal }) => getPartnerDashboard(signal) });

export function usePartnerDashboard() {
  return useQuery(partnerDashboardQueryOptions());
}
