import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { addressKeys } from './query-keys';
import type { AddressList } from './types';

/** `GET /me/addresses`: the address book and its size limit. */
export function getAddresses(signal?: AbortSignal): Promise<AddressList> {
  return unwrap(api.GET('/api/v1/me/addresses', { signal }));
}

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: addressKeys.list(), queryFn: ({ signal }) => getAddresses(signal) });

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
