import { Link, useLocation } from 'react-router';
import { RequestQuotationError, useRequestQuotation } from '@/components/quotations/request-quotation';
import { Button, buttonClassName } from '@/components/ui/button';
import { loginUrl } from '@/lib/auth/return-path';
import { useCurrentUser } from '@/lib/auth/session';
import type { PurchaseFormValues } from '../lib/purchase-schema';
import { addLineBody } from './add-to-cart';

/** The purchase form's submit value of "Request a quotation". */
export const QUOTE_INTENT = 'quote';

/**
 * "Request a quotation" beside add to cart on the product page: the buy box's SKU, quantity,
 * options and serials (the same line add to cart sends) become a draft quotation, which opens.
 * Guests sign in first and come back to the product.
 */
export function useQuoteFromForm(sku: string) {
  const quote = useRequestQuotation();
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  function onValid(values: PurchaseFormValues) {
    quote.request({ lines: [addLineBody(sku, values)] });
  }
  const actions =
    !isPending && !user ? (
      <Link to={loginUrl(here)} className={buttonClassName({ variant: 'secondary', fullWidth: true })}>
        Sign in to request a quotation
      </Link>
    ) : (
      <div className="request-quotation">
        <Button type="submit" value={QUOTE_INTENT} variant="secondary" fullWidth loading={quote.isPending} disabled={isPending}>
          {quote.isPending ? 'Requesting a quotation…' : 'Request a quotation'}
        </Button>
        <RequestQuotationError error={quote.error} returnTo={here} />
      </div>
    );
  return { onValid, actions };
}
