import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { csrfHeaders } from '@/lib/csrf';
import { quotationKeys } from '@/lib/resources/quotations/query-keys';
import type { QuotationDetail, QuotationSummary, StaffQuotationEdit } from '@/lib/resources/quotations/types';

export interface StaffQueueQuery {
  statuses: readonly string[];
  q: string;
  /** Only those submitted at least this many days ago. */
  olderThanDays: number | null;
}

/** `GET /staff/quotations`: the queue (sales), the longest waiting first. */
export function getStaffQuotations(query: StaffQueueQuery, signal?: AbortSignal): Promise<QuotationSummary[]> {
  return unwrap(
    api.GET('/api/v1/staff/quotations', {
      params: {
        query: {
          status: query.statuses.join(',') || undefined,
          q: query.q.trim() || undefined,
          older_than_days: query.olderThanDays ?? undefined,
        },
      },
      signal,
    }),
  );
}

export function useStaffQuotations(query: StaffQueueQuery) {
  return useQuery(
    queryOptions({
      queryKey: quotationKeys.staffList(query.statuses, query.q.trim(), query.olderThanDays),
      queryFn: ({ signal }) => getStaffQuotations(query, signal),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );
}

/** `GET /staff/quotations/{number}`: opening a submitted one puts it in review, with the caller as its sales person. */
export function getStaffQuotation(number: string, signal?: AbortSignal): Promise<QuotationDetail> {
  return unwrap(api.GET('/api/v1/staff/quotations/{number}', { params: { path: { number } }, signal }));
}

export function useStaffQuotation(number: string) {
  return useQuery(
    queryOptions({
      queryKey: quotationKeys.staffDetail(number),
      queryFn: ({ signal }) => getStaffQuotation(number, signal),
      retry: false,
    }),
  );
}

/** The answer replaces the cached quotation; the queue is read again. */
function useSettle(number: string) {
  const client = useQueryClient();
  return (quotation: QuotationDetail) => {
    client.setQueryData(quotationKeys.staffDetail(number), quotation);
    void client.invalidateQueries({ queryKey: quotationKeys.staffLists() });
  };
}

/** `PATCH /staff/quotations/{number}`: the whole pricing state against the version loaded (409 `version_conflict` otherwise). */
export function editStaffQuotation(number: string, body: StaffQuotationEdit): Promise<QuotationDetail> {
  return unwrap(api.PATCH('/api/v1/staff/quotations/{number}', { params: { path: { number } }, body, headers: csrfHeaders() }));
}

export function useEditStaffQuotation(number: string) {
  const settle = useSettle(number);
  return useMutation({ mutationFn: (body: StaffQuotationEdit) => editStaffQuotation(number, body), onSuccess: settle });
}

/** `POST /staff/quotations/{number}/send` or `/decline`, with `{}` or `{comment}` for the buyer. */
export function staffDecision(number: string, decision: 'send' | 'decline', comment?: string): Promise<QuotationDetail> {
  const init = { params: { path: { number } }, body: comment?.trim() ? { comment: comment.trim() } : {}, headers: csrfHeaders() };
  return decision === 'send'
    ? unwrap(api.POST('/api/v1/staff/quotations/{number}/send', init))
    : unwrap(api.POST('/api/v1/staff/quotations/{number}/decline', init));
}

export function useStaffDecision(number: string) {
  const settle = useSettle(number);
  return useMutation({
    mutationFn: ({ decision, comment }: { decision: 'send' | 'decline'; comment?: string }) => staffDecision(number, decision, comment),
    onSuccess: settle,
  });
}
