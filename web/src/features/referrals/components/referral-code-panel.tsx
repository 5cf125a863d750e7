import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { type MyReferral, percentOf, useCreateReferralCode } from '@/lib/resources/referrals';
import '../referrals.css';

/** What a friend gets, in a sentence. */
export function friendOffer(referral: Pick<MyReferral, 'referee_discount_bp' | 'first_order_only'>): string {
  return `${percentOf(referral.referee_discount_bp)} off licences, cloud plans and eSIM data${referral.first_order_only ? ' on their first order' : ''}`;
}

/**
 * GET_REFERRAL_CODE: the customer's code and share link with a copy button, or the button that
 * asks for it. Props-driven: give it `GET /me/referral`'s answer.
 */
export function ReferralCodePanel({ referral, compact = false }: { referral: MyReferral; compact?: boolean }) {
  const create = useCreateReferralCode();
  const code = referral.code ?? create.data ?? null;
  const failure = create.error;
  return (
    <div className={['referral-code', compact ? 'referral-code--compact' : undefined].filter(Boolean).join(' ')}>
      <p>
        Friends who use your code get {friendOffer(referral)}; you earn a reward when they pay, usable once their return window
        has passed.
      </p>
      {code ? (
        <>
          <p className="referral-code__code">
            <span className="referral-code__label">Your code</span>{' '}
            <strong data-testid="referral-code">{code.code}</strong>
          </p>
          <div className="referral-code__share">
            <label className="referral-code__label" htmlFor="referral-share-url">
              Share link
            </label>
            <div className="referral-code__link">
              <input
                id="referral-share-url"
                className="ui-input"
                readOnly
                value={code.share_url}
                data-testid="referral-share-url"
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={code.share_url} label="your referral share link" />
            </div>
          </div>
        </>
      ) : referral.get_referral_code ? (
        <>
          <Button onClick={() => create.mutate()} loading={create.isPending}>
            Get my referral code
          </Button>
          {failure && (
            <p className="ui-field__error" role="alert">
              {isApiProblem(failure) ? (failure.detail ?? messageForProblem(failure)) : 'Your code could not be made. Try again.'}
            </p>
          )}
        </>
      ) : (
        <p role="status">The referral programme is not handing out codes at the moment. Your rewards below stay yours.</p>
      )}
    </div>
  );
}
