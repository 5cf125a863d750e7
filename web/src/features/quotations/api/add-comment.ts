import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { csrfHeaders } from '@/lib/csrf';
import { quotationKeys } from '@/lib/resources/quotations/query-keys';
import type { QuotationDetail } from '@/lib/resources/quotations/types';

/** `POST /quotations/{number}/comments`: the buyer on their own quotation, sales staff on any. */
export function addComment(number: string, comment: string): Promise<QuotationDetail> {
  return unwrap(
    api.POST('/api/v1/quotations/{number}/comments', {
      params: { path: { number } },
      body: { comment: comment.trim() },
      headers: csrfHeaders(),
    }),
  );
}

/** Adds a comment; the answer is the quotation as the writer sees it (`viewer`), cached for that page. */
export function useAddComment(number: string, viewer: 'buyer' | 'staff') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => addComment(number, comment),
    onSuccess: (quotation) => {
      client.setQueryData(viewer === 'staff' ? quotationKeys.staffDetail(number) : quotationKeys.detail(number), quotation);
    },
  });
}
