import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { csrfHeaders } from '@/lib/csrf';
import { quotationKeys } from '@/lib/resources/quotations/query-keys';
import type { QuotationDetail } from '@/lib/resources/quotations/types';

/** The buyer's moves (SPEC §9): each an endpoint taking an optional comment (a revision needs one). */
export type BuyerAction = 'submit' | 'accept' | 'request-revision' | 'close';

/** `POST /quotations/{number}/{submit|accept|request-revision|close}` with `{}` or `{comment}`. */
export function takeBuyerAction(number: string, action: BuyerAction, comment?: string): Promise<QuotationDetail> {
  const init = {
    params: { path: { number } },
    body: comment?.trim() ? { comment: comment.trim() } : {},
    headers: csrfHeaders(),
  };
  switch (action) {
    case 'submit':
      return unwrap(api.POST('/api/v1/quotations/{number}/submit', init));
    case 'accept':
      return unwrap(api.POST('/api/v1/quotations/{number}/accept', init));
    case 'request-revision':
      return unwrap(api.POST('/api/v1/quotations/{number}/request-revision', init));
    case 'close':
      return unwrap(api.POST('/api/v1/quotations/{number}/close', init));
  }
}

/** Takes a move; the answer (the quotation as it is now) replaces the cached one. */
export function useBuyerAction(number: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, comment }: { action: BuyerAction; comment?: string }) => takeBuyerAction(number, action, comment),
    onSuccess: (quotation) => {
      client.setQueryData(quotationKeys.detail(number), quotation);
      void client.invalidateQueries({ queryKey: quotationKeys.lists() });
    },
  });
}
