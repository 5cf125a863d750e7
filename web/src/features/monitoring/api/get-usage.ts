import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { usageKeys } from './query-keys';
import type { UsageList } from './types';

/** `GET /me/usage`: every subscription, eSIM and data pool the customer's usage is recorded for (401 for guests). */
export function getUsage(signal?: AbortSignal): Promise<UsageList> {
  return unwrap(api.GET('/api/v1/me/usage', { signal }));
}

export const usageQueryOptions = () =>
  queryOptions({ queryKey: usageKeys.list(), queryFn: ({ signal }) => getUsage(signal), staleTime: 60_000 });

/** The usage list; `enabled` false (a guest) asks nothing. */
export function useUsage(enabled = true) {
  return useQuery({ ...usageQueryOptions(), enabled });
}
