import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { messageForCode } from '@/lib/api/error-messages';
import { returnPathFrom } from '@/lib/auth/return-path';
import { authKeys, useSession } from '@/lib/auth/session';
import { readStoreCookie } from '@/lib/store-cookie';
import { FormAlert } from '../components/form-alert';
import { RegisterForm } from '../components/register-form';
import { SignInForm } from '../components/sign-in-form';
import { rememberSignedOut } from '../lib/signed-out';
import { keepChallengeRedirect } from '../lib/challenge-redirect';
import { ssoStartUrl } from '@/lib/auth/sso';
import { incontrolStartUrl } from '../lib/external-sign-in';
import '../accounts.css';

/** `/login`: sign in or register (token mode), or "Sign in with SSO" (keycloak mode); then back to `?return_to=`. */
export function LoginPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const returnTo = returnPathFrom(params, '/account');
  const registering = params.get('mode') === 'register';
  const errorCode = params.get('error');

  const done = () => {
    rememberSignedOut(false);
    void queryClient.invalidateQueries({ queryKey: authKeys.session() });
    void navigate(returnTo, { replace: true });
  };
  const toChallenge = () => {
    keepChallengeRedirect(`${location.pathname}${location.search}`);
    void navigate('/challenge');
  };
  const modeLink = (mode: 'register' | 'sign-in') => {
    const next = new URLSearchParams(params);
    next.delete('error');
    if (mode === 'register') next.set('mode', 'register');
    else next.delete('mode');
    const query = next.toString();
    return `/login${query ? `?${query}` : ''}`;
  };

  if (session.data?.user) return <Navigate to={returnTo} replace />;

  return (
    <div className="container acct-page acct-page--narrow">
      <title>{`${registering ? 'Create an account' : 'Sign in'} — Uplink`}</title>
      <h1 className="acct-page__title">{registering ? 'Create your Uplink account' : 'Sign in to Uplink'}</h1>
      {errorCode && <FormAlert>{messageForCode(errorCode)}</FormAlert>}
      {session.isPending ? (
        <Card>
          <Skeleton height="14rem" />
        </Card>
      ) : session.data?.auth_mode === 'keycloak' ? (
        <Card className="acct-card">
          <h2 className="acct-form__title">Sign in with your company account</h2>
          <p>Uplink uses single sign-on. You’ll go to the sign-in service and come straight back here.</p>
          <a className={buttonClassName({ fullWidth: true })} href={ssoStartUrl(returnTo)}>
            Sign in with SSO
          </a>
          {session.data.incontrol_enabled && (
            <a className={buttonClassName({ variant: 'secondary', fullWidth: true })} href={incontrolStartUrl(returnTo)}>
              Sign in with InControl
            </a>
          )}
        </Card>
      ) : (
        <>
          <nav className="acct-switch" aria-label="Sign in or register">
            <Link to={modeLink('sign-in')} aria-current={registering ? undefined : 'page'} replace>
              Sign in
            </Link>
            <Link to={modeLink('register')} aria-current={registering ? 'page' : undefined} replace>
              Create an account
            </Link>
          </nav>
          <Card className="acct-card">
            {registering ? (
              <RegisterForm onRegistered={done} defaultCountry={readStoreCookie() === 'us' ? 'US' : ''} />
            ) : (
              <SignInForm onSignedIn={done} onChallenge={toChallenge} />
            )}
          </Card>
          {session.data?.incontrol_enabled && (
            <a className={buttonClassName({ variant: 'secondary', fullWidth: true })} href={incontrolStartUrl(returnTo)}>
              Sign in with InControl
            </a>
          )}
          <p className="acct-page__aside">
            {registering ? (
              <>
                Already have an account? <Link to={modeLink('sign-in')}>Sign in</Link>
              </>
            ) : (
              <>
                New to Uplink? <Link to={modeLink('register')}>Create an account</Link>
              </>
            )}
          </p>
        </>
      )}
    </div>
  );
}

export default LoginPage;
