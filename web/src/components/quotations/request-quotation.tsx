import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, type ButtonProps, buttonClassName } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { loginUrl } from '@/lib/auth/return-path';
import { useCurrentUser } from '@/lib/auth/session';
import { formatMoney } from '@/lib/money';
import { useCreateQuotation } from '@/lib/resources/quotations/create-quotation';
import type { CreateQuotationRequest } from '@/lib/resources/quotations/types';

/** Where a new quotation opens: its page, where the buyer adds a note and submits it. */
export const quotationPath = (number: string) => `/account/quotation/${encodeURIComponent(number)}`;

/**
 * Asks for a quotation (`POST /quotations`) and opens the new draft. The cart, the product page
 * and checkout's "Not Available" way out share it.
 */
export function useRequestQuotation() {
  const create = useCreateQuotation();
  const navigate = useNavigate();
  const request = (body: CreateQuotationRequest) =>
    create.mutate(body, { onSuccess: (quotation) => void navigate(quotationPath(quotation.number)) });
  return { request, isPending: create.isPending, error: create.error, reset: create.reset };
}

/** The sentence for a refused request: the server's own (it names the minimum and the subtotal), else the catalogue's. */
function refusalText(error: unknown): string {
  if (!isApiProblem(error)) return 'The quotation could not be requested. Try again.';
  if (error.code === 'quotation_below_minimum') {
    const minimum = error.extensions.minimum_cents;
    return (
      error.detail ??
      (typeof minimum === 'number'
        ? `Quotations start at ${formatMoney(minimum)} before tax. Add items, or order at catalogue prices.`
        : messageForProblem(error))
    );
  }
  return error.detail ?? messageForProblem(error);
}

/**
 * Why a quotation could not be requested, with what to do next; takes the focus when it appears
 * so keyboard and screen-reader users hear it. A lapsed session gets a sign-in link back here.
 */
export function RequestQuotationError({ error, returnTo }: { error: unknown; returnTo: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  if (!error) return null;
  const problem = isApiProblem(error) ? error : null;
  const details = problem?.errors.filter((item) => item.message && item.message !== problem.detail) ?? [];
  return (
    <div ref={ref} tabIndex={-1} className="form-alert form-alert--error request-quotation__error" role="alert" data-testid="quotation-request-error">
      <p>{refusalText(error)}</p>
      {details.length > 0 && (
        <ul>
          {details.map((item) => (
            <li key={item.field}>{item.message}</li>
          ))}
        </ul>
      )}
      {problem?.status === 401 && (
        <p>
          <Link to={loginUrl(returnTo)}>Sign in</Link> and try again.
        </p>
      )}
    </div>
  );
}

type Props = Pick<ButtonProps, 'variant' | 'size' | 'fullWidth'> & {
  /** What to ask for (the cart's `{from_cart: true}`). */
  body: CreateQuotationRequest;
  label?: string;
};

/**
 * "Request a quotation" for the whole cart (the cart page, checkout's "Not Available" way out).
 * Guests are sent to sign in first and come back to this page.
 */
export function RequestQuotationButton({ body, label = 'Request a quotation', variant = 'secondary', size, fullWidth }: Props) {
  const { user, isPending: checking } = useCurrentUser();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const quote = useRequestQuotation();
  if (!checking && !user) {
    return (
      <Link to={loginUrl(here)} className={buttonClassName({ variant, size, fullWidth })}>
        Sign in to request a quotation
      </Link>
    );
  }
  return (
    <div className="request-quotation">
      <Button
        variant={variant}
        size={size}
        fullWidth={fullWidth}
        loading={quote.isPending}
        disabled={checking}
        onClick={() => quote.request(body)}
      >
        {quote.isPending ? 'Requesting a quotation…' : label}
      </Button>
      <RequestQuotationError error={quote.error} returnTo={here} />
    </div>
  );
}
