import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { DAILY_DAYS } from '../lib/daily';
import { usageKeys } from './query-keys';
import type { DailyUsage } from './types';

/** `GET /me/usage/{id}/daily?days=`: one entry per day, oldest first, ending today (404 for anyone else's item). */
export function getDailyUsage(id: string, days = DAILY_DAYS, signal?: AbortSignal): Promise<DailyUsage> {
  return unwrap(api.GET('/api/v1/me/usage/{id}/daily', { params: { path: { id }, query: { days } }, signal }));
}

export const dailyUsageQueryOptions = (id: string, days = DAILY_DAYS) =>
  queryOptions({
    queryKey: usageKeys.daily(id, days),
    queryFn: ({ signal }) => getDailyUsage(id, days, signal),
    staleTime: 60_000,
  });

export function useDailyUsage(id: string, days = DAILY_DAYS) {
  return useQuery(dailyUsageQueryOptions(id, days));
}
