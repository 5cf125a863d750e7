import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { type RebateFilters, rebateQuery } from '../lib/rebate-filters';
import { partnerKeys } from './query-keys';
import type { RebateLedger } from './types';

/** `GET /partner/rebates` (partners): one page of 50 ledger entries, newest first, with the whole ledger's totals. */
export function getRebates(filters: RebateFilters, signal?: AbortSignal): Promise<RebateLedger> {
  return unwrap(api.GET('/api/v1/partner/rebates', { params: { query: rebateQuery(filters) }, signal }));
}

export const rebatesQueryOptions = (filters: RebateFilters) =>
  queryOptions({ queryKey: partnerKeys.rebates(filters), queryFn: ({ signal }) => getRebates(filters, signal) });

export function useRebates(filters: RebateFilters) {
  // The last page stays on screen while the next filters load.
  return useQuery({ ...rebatesQueryOptions(filters), placeholderData: keepPreviousData });
}

/** `GET /partner/rebates.csv` with the same filters (every matching entry, not a page): a download link. */
export function rebatesCsvUrl(filters: RebateFilters): string {
  const { status, from, to } = rebateQuery(filters);
  const query = new URLSearchParams({ ...(status ? { status } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
  return `/api/v1/partner/rebates.csv${query ? `?${query}` : ''}`;
}
