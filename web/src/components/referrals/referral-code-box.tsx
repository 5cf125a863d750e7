import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForCode } from '@/lib/api/error-messages';
import { formatMoney } from '@/lib/money';
import type { Cart } from '@/lib/resources/cart/types';
import { percentOf, refusalReason, useApplyAppReferral, useRemoveAppReferral } from '@/lib/resources/referrals';
import { forgetReferralLink } from '@/lib/referrals/referral-link';
import './referral-code-box.css';

/** What a refused code means and what to do next: the server's words first, else the reason's. */
export function appReferralError(error: unknown): string | undefined {
  if (!error) return undefined;
  if (!isApiProblem(error)) return 'The referral code could not be saved. Check your connection and try again.';
  const said = error.errors[0]?.message ?? error.detail;
  if (error.code === 'referral_not_eligible') {
    return said ?? refusalReason(typeof error.extensions.reason === 'string' ? error.extensions.reason : null);
  }
  if (error.code === 'referral_code_invalid') return said ?? messageForCode(error.code);
  return said ?? messageForCode(error.code);
}

export interface AppReferralBoxProps {
  cart: Cart;
  /** Tighter spacing for the referral and mobile groups. */
  compact?: boolean;
  /** The heading's level (the box sits under the page's h2 sections by default). */
  headingLevel?: 2 | 3;
}

/**
 * REFERRAL_CODE (SPEC §10): a friend's referral code on the cart — the referee's discount on
 * eligible items, or why this buyer may not use it; refusals say what to do next.
 */
export function AppReferralBox({ cart, compact = false, headingLevel = 3 }: AppReferralBoxProps) {
  const apply = useApplyAppReferral();
  const remove = useRemoveAppReferral();
  const [code, setCode] = useState('');
  const titleId = useId();
  const hintId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const error = appReferralError(apply.error ?? remove.error);
  const applied = cart.app_referral;
  const currency = cart.currency;
  const submit = () => {
    if (!code.trim() || apply.isPending) return;
    apply.mutate({ code }, { onSuccess: () => setCode('') });
  };

  return (
    <section
      className={['referral-box', compact ? 'referral-box--compact' : undefined].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      data-testid="app-referral-box"
    >
      <Heading id={titleId} className="referral-box__title">
        Friend’s referral code
      </Heading>
      {applied ? (
        <div className="referral-box__applied">
          {applied.eligible ? (
            <p data-testid="app-referral">
              <strong>{applied.code}</strong> from {applied.referrer_name}: {percentOf(applied.discount_bp)} off eligible items
              {applied.discount.cents > 0 ? ` (−${formatMoney(applied.discount.cents, currency)})` : ' — nothing in the cart is eligible yet'}.
            </p>
          ) : (
            <div className="referral-box__refused" role="alert" data-testid="app-referral-refused">
              <p>
                <strong>{applied.code}</strong> can’t be used on this order: {applied.message ?? refusalReason(applied.reason)}
              </p>
              <p>Remove the code to check out without it.</p>
            </div>
          )}
          <Button
            variant="ghost"
            size="sm"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => forgetReferralLink(),
              })
            }
            aria-label={`Remove referral code ${applied.code}`}
          >
            Remove
          </Button>
          {error && <p className="ui-field__error">{error}</p>}
        </div>
      ) : (
        // Not a <form>: the box also sits inside checkout's form; Enter in the field applies the code.
        <>
          <p id={hintId} className="referral-box__hint">
            A friend’s 8-character code takes money off your first order.
          </p>
          <div className="referral-box__form">
            <Input
              label="Friend’s code"
              aria-describedby={hintId}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              value={code}
              error={error}
              onChange={(event) => {
                setCode(event.target.value);
                if (apply.isError) apply.reset();
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                submit();
              }}
            />
            <Button type="button" variant="secondary" loading={apply.isPending} onClick={submit} aria-label="Apply friend’s referral code">
              Apply
            </Button>
          </div>
        </>
      )}
      <p className="visually-hidden" aria-live="polite" role="status">
        {error ??
          (applied?.eligible ? `Referral code ${applied.code} applied: ${percentOf(applied.discount_bp)} off eligible items.` : '')}
      </p>
    </section>
  );
}
