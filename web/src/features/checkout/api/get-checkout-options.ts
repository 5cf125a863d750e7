import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { Destination } from '../lib/destination';
import { checkoutKeys } from './query-keys';
import type { CheckoutOptions } from './types';

export function getCheckoutOptions(destination: Destination, signal?: AbortSignal): Promise<CheckoutOptions> {
  const query = { country: destination.country, tax_state: destination.taxState, pickup_location: destination.pickupLocation };
  return unwrap(api.GET('/api/v1/checkout/options', { params: { query }, signal }));
}

export const checkoutOptionsQueryOptions = (destination: Destination) =>
  queryOptions({
    queryKey: checkoutKeys.options(destination),
    queryFn: ({ signal }) => getCheckoutOptions(destination, signal),
    retry: false,
  });

/** Shipping options, payment methods and the priced lines for where the order goes (tax and the shipping quote follow it). */
export function useCheckoutOptions(destination: Destination, enabled = true) {
  // While the destination is being typed the last answer stays on the page.
  return useQuery({ ...checkoutOptionsQueryOptions(destination), enabled, placeholderData: keepPreviousData });
}
