import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { errorKeys } from './query-keys';
import type { RouteList } from './types';

export function getRoutes(days: number, signal?: AbortSignal): Promise<RouteList> {
  return unwrap(api.GET('/api/v1/admin/errors/routes', { params: { query: { days, limit: 20 } }, signal }));
}

export const routesQueryOptions = (days: number) =>
  queryOptions({ queryKey: errorKeys.routes(days), queryFn: ({ signal }) => getRoutes(days, signal) });

export function useRoutes(days: number) {
  return useQuery(routesQueryOptions(days));
}
