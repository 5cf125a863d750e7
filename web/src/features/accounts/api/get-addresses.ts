import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/session';
import type { AddressList } from './types';

/** `GET /me/addresses`: the address book and its size limit. */
export async function getAddresses(signal?: AbortSignal): Promise<AddressList> {
  return unwrap(api.GET('/api/v1/me/addresses', { signal }));
}

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: authKeys.addresses(), queryFn: ({ signal }) => getAddresses(signal) });

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
