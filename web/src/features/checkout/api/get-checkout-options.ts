import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { checkoutKeys } from './query-keys';
import type { CheckoutOptions } from './types';

export function getCheckoutOptions(country: string | undefined, signal?: AbortSignal): Promise<CheckoutOptions> {
  return unwrap(api.GET('/api/v1/checkout/options', { params: { query: { country } }, signal }));
}

export const checkoutOptionsQueryOptions = (country: string | undefined) =>
  queryOptions({
    queryKey: checkoutKeys.options(country),
    queryFn: ({ signal }) => getCheckoutOptions(country, signal),
    retry: false,
  });

export function useCheckoutOptions(country: string | undefined, enabled = true) {
  return useQuery({ ...checkoutOptionsQueryOptions(country), enabled });
}
