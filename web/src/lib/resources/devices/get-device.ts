import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { deviceKeys } from './query-keys';
import type { Device } from './types';

/** `GET /me/devices/{serial}`: one of the customer's devices (404 for anyone else's). */
export function getDevice(serial: string, signal?: AbortSignal): Promise<Device> {
  return unwrap(api.GET('/api/v1/me/devices/{serial}', { params: { path: { serial } }, signal }));
}

export const deviceQueryOptions = (serial: string) =>
  queryOptions({ queryKey: deviceKeys.detail(serial), queryFn: ({ signal }) => getDevice(serial, signal), retry: false });

export function useDevice(serial: string | null) {
  return useQuery({ ...deviceQueryOptions(serial ?? ''), enabled: Boolean(serial) });
}
