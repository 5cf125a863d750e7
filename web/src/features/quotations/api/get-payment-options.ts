import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { quotationKeys } from '@/lib/resources/quotations/query-keys';

export type CheckoutOptions = components['schemas']['CheckoutOptions'];
export type PaymentMethodOption = components['schemas']['PaymentMethodDto'];

/**
 * `GET /checkout/options?store=` for the quotation's store: which payment methods the customer
 * may use there (and the card gateway). Its shipping options and totals are the cart's, not the
 * quotation's, so only `payment_methods` and `gateway` are read.
 */
export function getPaymentOptions(store: string, signal?: AbortSignal): Promise<CheckoutOptions> {
  return unwrap(api.GET('/api/v1/checkout/options', { params: { query: { store } }, signal }));
}

export function usePaymentOptions(store: string | undefined) {
  return useQuery({
    ...queryOptions({
      queryKey: [...quotationKeys.all, 'payment-options', store ?? ''] as const,
      queryFn: ({ signal }) => getPaymentOptions(store ?? '', signal),
      retry: false,
    }),
    enabled: !!store,
  });
}
