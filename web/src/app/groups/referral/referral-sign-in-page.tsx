import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { callbackParams, completeSso } from '@/features/accounts/api/complete-sso';
import { FormAlert } from '@/features/accounts/components/form-alert';
import { RegisterForm } from '@/features/accounts/components/register-form';
import { SignInForm } from '@/features/accounts/components/sign-in-form';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { loginUrl, returnPathFrom, safeReturnPath } from '@/lib/auth/return-path';
import { authKeys, useSession } from '@/lib/auth/session';
import { ssoStartUrl } from '@/lib/auth/sso';
import { groupPath, useReferralScope } from './referral-context';
import '@/features/accounts/accounts.css';

/** Only a page of this group is a place to come back to (anything else: the group's products). */
function useReturnTo(): string {
  const scope = useReferralScope();
  const [params] = useSearchParams();
  const fallback = groupPath(scope, 'products');
  const to = returnPathFrom(params, fallback);
  return to.startsWith(`${scope.base}/`) && !to.startsWith(`${scope.base}/sso/callback`) ? to : fallback;
}

/** The identity provider came back with `code` and `state`: finish the sign-in, then return. */
function FinishSso({ returnTo }: { returnTo: string }) {
  const scope = useReferralScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const p = callbackParams(`?${params.toString()}`);
  const providerError = p.error
    ? p.error === 'access_denied'
      ? 'Sign-in was cancelled. You can try again whenever you like.'
      : `The sign-in service answered: ${p.error_description ?? p.error}. Try again.`
    : null;
  useEffect(() => {
    if (started.current || p.error) return;
    started.current = true;
    completeSso(p, new AbortController().signal)
      .then(async (result) => {
        await client.resetQueries({ queryKey: authKeys.all });
        await client.invalidateQueries();
        const back = safeReturnPath(result.return_to, returnTo);
        void navigate(back.startsWith(scope.base) ? back : returnTo, { replace: true });
      })
      .catch((cause: unknown) =>
        setFailure(isApiProblem(cause) ? (cause.detail ? `${cause.detail} Try again.` : messageForProblem(cause)) : 'Sign-in could not be finished. Try again.'),
      );
  });
  const error = providerError ?? failure;
  return error ? (
    <>
      <FormAlert>{error}</FormAlert>
      <p>
        <Link to={`${groupPath(scope, 'sso/callback')}?${new URLSearchParams({ return_to: returnTo }).toString()}`}>Back to sign in</Link>
      </p>
    </>
  ) : (
    <p className="acct-working" role="status">
      <Spinner /> Finishing your sign-in…
    </p>
  );
}

/**
 * `sso/callback`: signing in without leaving the referral store, in both auth modes. With the
 * provider's `code`/`state` it finishes an SSO sign-in; otherwise it offers the sign-in (token
 * mode: e-mail and password, or a new account; keycloak mode: "Sign in with SSO"), then returns
 * to `?return_to=` — a page of this store.
 */
export function ReferralSignInPage() {
  const scope = useReferralScope();
  const session = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = useReturnTo();
  const [registering, setRegistering] = useState(true);
  const finishing = params.has('code') || params.has('state') || params.has('error');
  const done = () => {
    void client.invalidateQueries({ queryKey: authKeys.all });
    void client.invalidateQueries();
    void navigate(returnTo, { replace: true });
  };
  if (!finishing && session.data?.user) return <Navigate to={returnTo} replace />;
  const keycloak = session.data?.auth_mode === 'keycloak';
  const title = finishing ? 'Signing you in' : registering && !keycloak ? 'Create your Uplink account' : 'Sign in to Uplink';
  return (
    <section className="ministore-narrow" aria-labelledby="ref-signin-title">
      <title>{`${title} — ${scope.displayName}`}</title>
      <h1 id="ref-signin-title" className="ministore-list__title">
        {title}
      </h1>
      <Card className="acct-card">
        {finishing ? (
          <FinishSso returnTo={returnTo} />
        ) : session.isPending ? (
          <Skeleton height="14rem" />
        ) : keycloak ? (
          <>
            <p>Uplink uses single sign-on. You’ll go to the sign-in service and come straight back to this store.</p>
            <a className={buttonClassName({ fullWidth: true })} href={ssoStartUrl(returnTo)}>
              Sign in with SSO
            </a>
          </>
        ) : (
          <>
            <p className="muted">Your cart and your friend’s referral code are kept.</p>
            {registering ? (
              <RegisterForm onRegistered={done} />
            ) : (
              <SignInForm onSignedIn={done} onChallenge={() => window.location.assign(loginUrl(returnTo))} />
            )}
          </>
        )}
      </Card>
      {!finishing && session.data && !keycloak && (
        <p className="acct-page__aside">
          {registering ? 'Already have an account?' : 'New to Uplink?'}{' '}
          <button type="button" className="ui-button ui-button--ghost ui-button--sm" onClick={() => setRegistering((r) => !r)}>
            {registering ? 'Sign in' : 'Create an account'}
          </button>
        </p>
      )}
    </section>
  );
}
