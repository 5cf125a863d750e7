import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { catalogKeys } from './query-keys';
import type { SerialLookup } from './types';

export async function getSerial(serial: string, signal?: AbortSignal): Promise<SerialLookup> {
  return unwrap(api.GET('/api/v1/serials/{serial}', { params: { path: { serial } }, signal }));
}

export const serialQueryOptions = (serial: string) =>
  queryOptions({
    queryKey: catalogKeys.serial(serial),
    queryFn: ({ signal }) => getSerial(serial, signal),
  });

export function useSerial(serial: string | null) {
  return useQuery({ ...serialQueryOptions(serial ?? ''), enabled: Boolean(serial) });
}
