import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { deviceKeys } from './query-keys';
import type { DeviceFilters, DeviceList } from './types';

/** `GET /me/devices`: the customer's devices matching `filters`, the total and the models held. */
export function getDevices(filters: DeviceFilters, signal?: AbortSignal): Promise<DeviceList> {
  return unwrap(api.GET('/api/v1/me/devices', { params: { query: filters }, signal }));
}

export const devicesQueryOptions = (filters: DeviceFilters) =>
  queryOptions({ queryKey: deviceKeys.list(filters), queryFn: ({ signal }) => getDevices(filters, signal) });

/** The list keeps showing the previous answer while a new filter loads (no flash of emptiness). */
export function useDevices(filters: DeviceFilters) {
  return useQuery({ ...devicesQueryOptions(filters), placeholderData: keepPreviousData });
}
