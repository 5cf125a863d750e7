import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { loginUrl } from '@/lib/auth/return-path';
import { useCurrentUser } from '@/lib/auth/session';

/**
 * Pages for Uplink partners (SPEC §10): a guest is asked to sign in and comes back here; a signed-in
 * account without the partner role is told whose page it is and where to go instead. The server
 * refuses them anyway (403); this only says so before asking it.
 */
export function PartnerOnly({ children, what }: { children: ReactNode; /** "your partner dashboard", … */ what: string }) {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) {
    return (
      <div aria-busy="true">
        <span className="visually-hidden">Checking your sign-in…</span>
        <Skeleton height="10rem" />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="partner-only" role="status" data-testid="partner-sign-in">
        <h2>Sign in to continue</h2>
        <p>Sign in with your partner account to see {what}. You come back here afterwards.</p>
        <Link className={buttonClassName({})} to={loginUrl(`${location.pathname}${location.search}`)}>
          Sign in
        </Link>
      </div>
    );
  }
  if (!user.roles.includes('partner')) {
    return (
      <div className="partner-only" role="status" data-testid="partners-only">
        <h2>This page is for Uplink partners</h2>
        <p>
          You’re signed in as {user.email}, which is not a partner account. Resellers who want partner prices, mini-stores
          and rebates can ask our sales team to become a partner; to buy for yourself, use the cart and checkout.
        </p>
        <p className="partner-only__actions">
          <Link className={buttonClassName({})} to="/cart">
            Go to your cart
          </Link>
          <Link to="/">Continue shopping</Link>
        </p>
      </div>
    );
  }
  return <>{children}</>;
}
