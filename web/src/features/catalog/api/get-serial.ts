import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http';
import { catalogKeys } from './query-keys';
import type { SerialLookup } from './types';

export function getSerial(serial: string, signal?: AbortSignal): Promise<SerialLookup> {
  return getJson<SerialLookup>(`/api/v1/serials/${encodeURIComponent(serial)}`, undefined, signal);
}

export const serialQueryOptions = (serial: string) =>
  queryOptions({
    queryKey: catalogKeys.serial(serial),
    queryFn: ({ signal }) => getSerial(serial, signal),
  });

export function useSerial(serial: string | null) {
  return useQuery({ ...serialQueryOptions(serial ?? ''), enabled: Boolean(serial) });
}
