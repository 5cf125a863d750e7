import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { Destination } from '@/lib/checkout/destination';
import { checkoutKeys } from './query-keys';
import type { CheckoutOptions } from './types';

/**
 * `GET /checkout/options` for a destination: the cart's, or with `quotation` an accepted
 * quotation's (its lines at the quoted prices in its store, its quoted shipping as the
 * Priority Shipping fee, payment methods judged against its total).
 */
export function getCheckoutOptions(destination: Destination, quotation?: string, signal?: AbortSignal): Promise<CheckoutOptions> {
  const query = {
    country: destination.country,
    tax_state: destination.taxState,
    pickup_location: destination.pickupLocation,
    ...(quotation ? { quotation } : {}),
  };
  return unwrap(api.GET('/api/v1/checkout/options', { params: { query }, signal }));
}

export const checkoutOptionsQueryOptions = (destination: Destination, quotation?: string) =>
  queryOptions({
    queryKey: checkoutKeys.options(destination, quotation),
    queryFn: ({ signal }) => getCheckoutOptions(destination, quotation, signal),
    retry: false,
  });

/** Shipping options, payment methods and the priced lines for where the order goes (tax and the shipping quote follow it). */
export function useCheckoutOptions(destination: Destination, { enabled = true, quotation }: { enabled?: boolean; quotation?: string } = {}) {
  // While the destination is being typed the last answer stays on the page.
  return useQuery({ ...checkoutOptionsQueryOptions(destination, quotation), enabled, placeholderData: keepPreviousData });
}
