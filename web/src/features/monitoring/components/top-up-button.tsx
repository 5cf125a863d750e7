import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { loginUrl } from '@/lib/auth/return-path';
import { useAddToCart } from '@/lib/resources/cart/add-cart-line';
import type { UsageItem, UsageTopUp } from '../api/types';
import { problemText } from '../lib/problem-text';
import { topUpLine } from '../lib/top-up';

type Outcome = { tone: 'success' } | { tone: 'error'; text: string; signIn: boolean; retry: boolean };

/** What the top-up is for, in the result sentence: the ICCID or the device serial. */
function forWhat(topUp: UsageTopUp): string {
  return topUp.option_code === 'serial_numbers' ? `device ${topUp.option_value}` : `eSIM ${topUp.option_value}`;
}

/**
 * "Top up" (or `label`): puts the item's top-up product in the cart with its custom option (the
 * ICCID or the device serial) filled in, then says so and links to the cart.
 */
export function TopUpButton({
  item,
  topUp,
  label = 'Top up',
}: {
  item: Pick<UsageItem, 'name'>;
  topUp: UsageTopUp;
  label?: string;
}) {
  const add = useAddToCart();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onClick = () => {
    setOutcome(null);
    add.mutate(topUpLine(topUp), {
      onSuccess: () => setOutcome({ tone: 'success' }),
      onError: (error) => {
        const signIn = isApiProblem(error) && error.status === 401;
        // A refusal (not sold here, not eligible…) says what to do; only a glitch is worth repeating.
        const retry = !isApiProblem(error) || error.code === 'network_error' || error.status >= 500;
        setOutcome({
          tone: 'error',
          signIn,
          retry,
          text: signIn
            ? 'Your session has ended, so nothing was added.'
            : `${topUp.name} wasn’t added to your cart. ${problemText(error, 'Check your connection and try again.')}`,
        });
      },
    });
  };

  return (
    <div className="usage-top-up">
      <p className="usage-top-up__what">
        Adds <strong>{topUp.name}</strong> to your cart for {forWhat(topUp)}.
      </p>
      <Button onClick={onClick} loading={add.isPending}>
        {label}
        <span className="visually-hidden"> {item.name}</span>
      </Button>
      <div
        className={outcome ? `form-alert form-alert--${outcome.tone}` : 'form-alert form-alert--empty'}
        role={outcome?.tone === 'error' ? 'alert' : 'status'}
      >
        {outcome?.tone === 'success' && (
          <>
            Added {topUp.name} for {forWhat(topUp)} to your cart. <Link to="/cart">Go to the cart</Link> to check out.
          </>
        )}
        {outcome?.tone === 'error' && (
          <>
            {outcome.text}{' '}
            {outcome.signIn ? (
              <>
                <Link to={loginUrl('/monitoring')}>Sign in again</Link> and try once more.
              </>
            ) : (
              outcome.retry && (
                <button type="button" className="usage-link-button" onClick={onClick}>
                  Try again
                </button>
              )
            )}
          </>
        )}
      </div>
    </div>
  );
}
