import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { csrfHeaders } from '@/lib/csrf';
import { cartKeys } from '../cart/query-keys';
import { quotationKeys } from './query-keys';
import type { CreateQuotationRequest, QuotationDetail } from './types';

/**
 * `POST /quotations`: a draft quotation for the whole cart (`{from_cart: true}`; its items move
 * into the quotation and the cart is emptied) or for given lines (the product page). Used by the
 * cart, the product page and checkout.
 */
export function createQuotation(body: CreateQuotationRequest): Promise<QuotationDetail> {
  return unwrap(api.POST('/api/v1/quotations', { body, headers: csrfHeaders() }));
}

export function useCreateQuotation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createQuotation,
    onSuccess: (quotation) => {
      client.setQueryData(quotationKeys.detail(quotation.number), quotation);
      void client.invalidateQueries({ queryKey: quotationKeys.lists() });
      // A quotation of the whole cart empties it.
      void client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
