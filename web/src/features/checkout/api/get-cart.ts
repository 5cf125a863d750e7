import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { checkoutKeys } from './query-keys';
import type { Cart } from './types';

export function getCart(signal?: AbortSignal): Promise<Cart> {
  return unwrap(api.GET('/api/v1/cart', { signal }));
}

export const checkoutCartQueryOptions = () =>
  queryOptions({ queryKey: checkoutKeys.cart(), queryFn: ({ signal }) => getCart(signal), retry: false });

export function useCheckoutCart(enabled = true) {
  return useQuery({ ...checkoutCartQueryOptions(), enabled });
}
