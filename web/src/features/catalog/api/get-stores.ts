import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http';
import { catalogKeys } from './query-keys';
import type { Store } from './types';

export function getStores(signal?: AbortSignal): Promise<Store[]> {
  return getJson<Store[]>('/api/v1/stores', undefined, signal);
}

export const storesQueryOptions = () =>
  queryOptions({ queryKey: catalogKeys.stores(), queryFn: ({ signal }) => getStores(signal), staleTime: 10 * 60_000 });

export function useStores() {
  return useQuery(storesQueryOptions());
}
