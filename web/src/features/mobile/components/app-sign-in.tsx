import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiProblem } from '@/lib/api/api-problem';
import { AUTH_KEY, useAppSession } from '../api/account';
import { exchangeAppToken } from '../api/app-token';
import { appSignInState, hashWithoutToken, tokenFromHash } from '../lib/app-token';

type Exchange = 'idle' | 'pending' | 'success' | 'invalid' | 'network';

// One exchange per token, even when React mounts the gate twice (StrictMode): a token works once.
const exchanges = new Map<string, Promise<Exchange>>();

function exchangeOnce(token: string): Promise<Exchange> {
  let pending = exchanges.get(token);
  if (!pending) {
    pending = exchangeAppToken(token).then(
      () => 'success' as const,
      (e: unknown) => (isApiProblem(e) && (e.code === 'network_error' || e.status >= 500) ? 'network' : 'invalid'),
    );
    exchanges.set(token, pending);
  }
  return pending;
}

/** Test hook: forget the exchanges made so far. */
export function resetAppTokenExchanges() {
  exchanges.clear();
}

/**
 * Signs the app's user in (SPEC §12, D104): a page opened with `#token=…` takes the token out of
 * the address bar and the history at once, then trades it for a session. Without a token the
 * current session is used; with neither (or a used or expired token) the page asks to be opened
 * again from the app — never a sign-in form, which the app's web view cannot show.
 */
export function AppSignIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  // Read once: the address loses the token right after.
  const [token] = useState(() => tokenFromHash(location.hash || (typeof window === 'undefined' ? '' : window.location.hash)));
  const [exchange, setExchange] = useState<Exchange>(token ? 'pending' : 'idle');
  const [attempt, setAttempt] = useState(0);
  const session = useAppSession();

  useEffect(() => {
    if (!token) return;
    if (tokenFromHash(location.hash)) {
      void navigate({ pathname: location.pathname, search: location.search, hash: hashWithoutToken(location.hash) }, { replace: true });
    }
    let live = true;
    void exchangeOnce(token).then(async (result) => {
      if (!live) return;
      if (result === 'success') await client.resetQueries({ queryKey: AUTH_KEY });
      if (live) setExchange(result);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, attempt]);

  const state = appSignInState({
    token,
    exchange,
    session: session.isPending ? 'pending' : session.data?.user ? 'signed-in' : 'guest',
  });

  if (state.kind === 'signed-in') return <>{children}</>;
  if (state.kind === 'checking' || state.kind === 'exchanging') {
    return (
      <div className="m-center">
        <Spinner label="Signing you in" />
        <p>Signing you in…</p>
      </div>
    );
  }
  if (state.kind === 'offline') {
    return (
      <section className="m-center" aria-labelledby="m-offline-title">
        <h1 id="m-offline-title">No connection</h1>
        <p>We couldn’t reach Uplink to sign you in. Check your connection, then try again.</p>
        <Button
          size="lg"
          onClick={() => {
            if (token) exchanges.delete(token);
            setExchange('pending');
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </Button>
      </section>
    );
  }
  return (
    <section className="m-center" aria-labelledby="m-open-title" data-testid="open-from-app">
      <title>Open this page again from the app — Uplink</title>
      <h1 id="m-open-title">Open this page again from the app</h1>
      <p>
        {state.reason === 'invalid'
          ? 'This link has already been used or has expired. Links from the app work once, for a few minutes.'
          : 'These pages open from the Uplink mobile app, which signs you in.'}
      </p>
      <p>Go back to the app and open this page from there.</p>
    </section>
  );
}
