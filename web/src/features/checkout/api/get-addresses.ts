import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { checkoutKeys } from './query-keys';

export async function getAddresses(signal?: AbortSignal) {
  const list = await unwrap(api.GET('/api/v1/me/addresses', { signal }));
  return list.items;
}

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: checkoutKeys.addresses(), queryFn: ({ signal }) => getAddresses(signal), retry: false });

export function useAddresses(enabled = true) {
  return useQuery({ ...addressesQueryOptions(), enabled });
}
