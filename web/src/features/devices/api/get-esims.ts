import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { deviceFeatureKeys } from './query-keys';
import type { EsimList } from './types';

/** `GET /me/esims`: eSIM profiles with activation codes and QR links. */
export function getEsims(signal?: AbortSignal): Promise<EsimList> {
  return unwrap(api.GET('/api/v1/me/esims', { signal }));
}

export const esimsQueryOptions = () =>
  queryOptions({ queryKey: deviceFeatureKeys.esims(), queryFn: ({ signal }) => getEsims(signal) });

export function useEsims() {
  return useQuery(esimsQueryOptions());
}
