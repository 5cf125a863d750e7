import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { quotationKeys } from './query-keys';
import type { QuotationSummary } from './types';

export interface QuotationListQuery {
  /** Statuses to show (all when empty). */
  statuses: readonly string[];
  /** Part of the number, a product name or SKU. */
  q: string;
}

/** `GET /quotations`: the signed-in customer's quotations, newest first. */
export function getQuotations(query: QuotationListQuery, signal?: AbortSignal): Promise<QuotationSummary[]> {
  return unwrap(
    api.GET('/api/v1/quotations', {
      params: { query: { status: query.statuses.join(',') || undefined, q: query.q.trim() || undefined } },
      signal,
    }),
  );
}

export const quotationsQueryOptions = (query: QuotationListQuery) =>
  queryOptions({
    queryKey: quotationKeys.list(query.statuses, query.q.trim()),
    queryFn: ({ signal }) => getQuotations(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The customer's quotations (the account dashboard's open ones, `/account/quotation`). */
export function useQuotations(query: QuotationListQuery, enabled = true) {
  return useQuery({ ...quotationsQueryOptions(query), enabled });
}
