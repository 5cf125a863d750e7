import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { useCurrentUser } from '@/lib/auth/session';
import { storeKeys } from './query-keys';
import type { StoreList } from './types';

/** `GET /stores`: the eStores and the store this visitor's requests resolve to (with its price list). */
export function getStores(signal?: AbortSignal): Promise<StoreList> {
  return unwrap(api.GET('/api/v1/stores', { signal }));
}

export const currentStoreQueryOptions = () =>
  queryOptions({ queryKey: storeKeys.current(), queryFn: ({ signal }) => getStores(signal), staleTime: 5 * 60_000 });

/**
 * Whether the prices shown are the partner price list (SPEC §10: a signed-in partner in an eStore).
 * Only partners ask the server, so nobody else pays for the request.
 */
export function usePartnerPrices(): boolean {
  const { user } = useCurrentUser();
  const partner = user?.roles.includes('partner') ?? false;
  const stores = useQuery({ ...currentStoreQueryOptions(), enabled: partner });
  return partner && stores.data?.current.price_list === 'partner';
}
