import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { quotationKeys } from '@/lib/resources/quotations/query-keys';
import type { QuotationDetail } from '@/lib/resources/quotations/types';

/** `GET /quotations/{number}`: one of the customer's quotations, with what they may do now (`actions`). */
export function getQuotation(number: string, signal?: AbortSignal): Promise<QuotationDetail> {
  return unwrap(api.GET('/api/v1/quotations/{number}', { params: { path: { number } }, signal }));
}

export const quotationQueryOptions = (number: string) =>
  queryOptions({
    queryKey: quotationKeys.detail(number),
    queryFn: ({ signal }) => getQuotation(number, signal),
    retry: false,
  });

export function useQuotation(number: string, enabled = true) {
  return useQuery({ ...quotationQueryOptions(number), enabled });
}
