import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForCode } from '@/lib/api/error-messages';
import type { Cart } from '@/lib/resources/cart/types';
import { useApplyReferralCode } from '../api/apply-referral-code';
import { useRemoveReferralCode } from '../api/remove-referral-code';

/**
 * The partner referral code box at the bottom of the cart (SPEC §5, §10):
 * the buyer gets no discount; the partner is recorded on the order.
 */
export function PartnerReferralForm({ cart }: { cart: Cart }) {
  const apply = useApplyReferralCode();
  const remove = useRemoveReferralCode();
  const [code, setCode] = useState('');
  const titleId = useId();
  const failure = apply.error ?? remove.error;
  const error = failure
    ? isApiProblem(failure)
      ? (failure.errors?.[0]?.message ?? failure.detail ?? messageForCode(failure.code))
      : 'The referral code could not be saved. Try again.'
    : undefined;
  const applied = cart.partner_referral;

  return (
    <section className="cart-referral" aria-labelledby={titleId}>
      <h3 id={titleId} className="cart-referral__title">
        Partner referral code
      </h3>
      {applied ? (
        <div className="cart-referral__applied">
          <p data-testid="partner-referral">
            Referred by <strong>{applied.partner_name}</strong> <span className="cart-totals__muted">({applied.code})</span>
          </p>
          <Button
            variant="ghost"
            size="sm"
            loading={remove.isPending}
            onClick={() => remove.mutate(undefined)}
            aria-label={`Remove partner referral code ${applied.code}`}
          >
            Remove
          </Button>
          {error && <p className="ui-field__error">{error}</p>}
        </div>
      ) : (
        <form
          className="cart-coupon"
          onSubmit={(event) => {
            event.preventDefault();
            apply.mutate(code, { onSuccess: () => setCode('') });
          }}
        >
          <Input
            label="Referral code"
            hint="From your Uplink partner. It does not change your price."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            value={code}
            error={error}
            onChange={(event) => {
              setCode(event.target.value);
              if (apply.isError) apply.reset();
            }}
          />
          <Button type="submit" variant="secondary" loading={apply.isPending} aria-label="Apply referral code">
            Apply
          </Button>
        </form>
      )}
      <p className="visually-hidden" aria-live="polite" role="status">
        {error ?? (applied ? `Referral code ${applied.code} applied: referred by ${applied.partner_name}.` : '')}
      </p>
    </section>
  );
}
