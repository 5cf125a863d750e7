import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { isApiProblem } from '@/lib/api/api-problem';
import { loginUrl } from '@/lib/auth/return-path';
import { useMe } from '@/lib/resources/me/get-me';

/** Checkout needs an account (SPEC §6): guests are sent to sign in and come back here. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <Spinner label="Checking your sign-in" />;
  if (me.isError) {
    const returnTo = `${location.pathname}${location.search}`;
    const unauth = isApiProblem(me.error) && me.error.status === 401;
    return (
      <div className="checkout-signin" role="status">
        <h1>{unauth ? 'Sign in to check out' : 'We could not check your sign-in'}</h1>
        <p>
          {unauth
            ? 'Your cart is kept. Sign in or create an account, and you will come back to checkout.'
            : 'Reload the page to try again.'}
        </p>
        {unauth && (
          <Link className="ui-button ui-button--primary ui-button--md" to={loginUrl(returnTo)}>
            Sign in
          </Link>
        )}
      </div>
    );
  }
  return <>{children}</>;
}
