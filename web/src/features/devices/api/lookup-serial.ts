import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { deviceFeatureKeys } from './query-keys';
import type { SerialLookup } from './types';

/** `GET /serials/{serial}`: the model of a serial, shown before the device is added. */
export function lookupSerial(serial: string, signal?: AbortSignal): Promise<SerialLookup> {
  return unwrap(api.GET('/api/v1/serials/{serial}', { params: { path: { serial } }, signal }));
}

export const serialLookupOptions = (serial: string) =>
  queryOptions({
    queryKey: deviceFeatureKeys.serial(serial),
    queryFn: ({ signal }) => lookupSerial(serial, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });

export function useSerialLookup(serial: string | null) {
  return useQuery({ ...serialLookupOptions(serial ?? ''), enabled: Boolean(serial) });
}
