import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { catalogKeys } from './query-keys';
import type { SerialLookup } from './types';

export async function getSerial(serial: string, signal?: AbortSignal): Promise<SerialLookup> {
  const lookup = await unwrap(api.GET('/api/v1/serials/{serial}', { params: { path: { serial } }, signal }));
  return lookup as unknown as SerialLookup;
}

export const serialQueryOptions = (serial: string) =>
  queryOptions({
    queryKey: catalogKeys.serial(serial),
    queryFn: ({ signal }) => getSerial(serial, signal),
  });

export function useSerial(serial: string | null) {
  return useQuery({ ...serialQueryOptions(serial ?? ''), enabled: Boolean(serial) });
}
