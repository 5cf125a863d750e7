import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { readReferralLink } from '@/lib/referrals/referral-link';
import { percentOf } from '@/lib/resources/referrals';
import { groupPath, useReferralScope } from './referral-context';
import { ReferralOwnCode } from './referral-own-code';

/** The referral store's welcome: what a friend's code gives, and the way to the products. */
export function ReferralHomePage() {
  const scope = useReferralScope();
  const code = readReferralLink();
  const tagline = scope.store?.store.branding.tagline;
  const discount = scope.discountBp != null ? percentOf(scope.discountBp) : null;
  const terms = scope.store?.terms;
  return (
    <section className="ministore-page" aria-labelledby="ministore-home-title">
      <title>{`${scope.displayName} — Uplink`}</title>
      <h1 id="ministore-home-title" className="ministore-page__title">
        Welcome to {scope.displayName}
      </h1>
      {tagline && <p className="ministore-page__text">{tagline}</p>}
      <p className="ministore-page__text">
        {code ? (
          <>
            A friend shared their referral code <strong data-testid="remembered-code">{code}</strong> with you. It is kept in this browser
            for 30 days and goes on your cart
          </>
        ) : (
          <>Have a friend’s referral code? Enter it in your cart</>
        )}
        : {discount ? `${discount} off` : 'money off'} licences, cloud plans and eSIM data
        {terms?.first_order_only === false ? '' : ' on your first Uplink order'}.
      </p>
      <Link className={buttonClassName({ size: 'lg' })} to={groupPath(scope, 'products')}>
        See the products
      </Link>
      <ReferralOwnCode />
    </section>
  );
}
