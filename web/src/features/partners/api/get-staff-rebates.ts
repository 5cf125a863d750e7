import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { partnerKeys } from './query-keys';
import type { StaffRebates } from './types';

/** `GET /staff/rebates` (admins): partners with rebates available to pay out or still pending, most owed first. */
export function getStaffRebates(signal?: AbortSignal): Promise<StaffRebates> {
  return unwrap(api.GET('/api/v1/staff/rebates', { signal }));
}

export const staffRebatesQueryOptions = () =>
  queryOptions({ queryKey: partnerKeys.staffRebates(), queryFn: ({ signal }) => getStaffRebates(signal), retry: false });

export function useStaffRebates() {
  return useQuery(staffRebatesQueryOptions());
}
