import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { catalogKeys } from './query-keys';
import type { StoreList } from './types';

export async function getStores(signal?: AbortSignal): Promise<StoreList> {
  const stores = await unwrap(api.GET('/api/v1/stores', { signal }));
  return stores;
}

export const storesQueryOptions = () =>
  queryOptions({ queryKey: catalogKeys.stores(), queryFn: ({ signal }) => getStores(signal), staleTime: 10 * 60_000 });

export function useStores() {
  return useQuery(storesQueryOptions());
}
