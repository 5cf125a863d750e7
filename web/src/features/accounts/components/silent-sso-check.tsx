import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { authKeys, useSession } from '@/lib/auth/session';
import { callbackParams, completeSso } from '../api/complete-sso';
import { signedOutHere } from '../lib/signed-out';

const CHECKED_KEY = 'uplink.sso_checked';
const NO_CHECK_PATHS = ['/login', '/sso/callback', '/incontrol/callback', '/challenge', '/password/reset'];

function alreadyChecked(): boolean {
  try {
    return sessionStorage.getItem(CHECKED_KEY) === '1' || signedOutHere();
  } catch {
    return true;
  }
}

function markChecked(): void {
  try {
    sessionStorage.setItem(CHECKED_KEY, '1');
  } catch {
    // Without storage the check simply runs again on the next load.
  }
}

/**
 * Keycloak mode: once per tab, a signed-out visitor's browser asks the identity provider in a
 * hidden iframe (`prompt=none`) whether they are already signed in there. The provider answers
 * to `/check-login.html`, which posts its URL here; a code is exchanged for our own session.
 */
export function SilentSsoCheck() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [src, setSrc] = useState<string | null>(null);
  const [started, setStarted] = useState(false);
  const { pathname } = useLocation();
  // Never beside a sign-in in progress: a second flow would replace the browser's flow binding.
  const busyPage = NO_CHECK_PATHS.includes(pathname);
  const eligible = !!session.data && session.data.sso_enabled && !session.data.user && !busyPage;
  // Decided once, when the session is known (state derived during render, not in an effect).
  if (eligible && !started) {
    setStarted(true);
    if (!alreadyChecked()) {
      const returnTo = `${window.location.pathname}${window.location.search}`;
      setSrc(`/api/v1/auth/oidc/start?${new URLSearchParams({ silent: 'true', return_to: returnTo }).toString()}`);
    }
  }

  useEffect(() => {
    if (!src) return;
    markChecked();
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (!data || data.type !== 'uplink:check-login' || typeof data.url !== 'string') return;
      setSrc(null);
      const params = callbackParams(new URL(data.url).search);
      if (!params.code || params.error) return; // Not signed in at the provider: stay a guest.
      void completeSso(params)
        .then(async () => {
          await queryClient.resetQueries({ queryKey: authKeys.all });
          await queryClient.invalidateQueries();
        })
        .catch(() => undefined);
    };
    window.addEventListener('message', onMessage);
    const timeout = window.setTimeout(() => setSrc(null), 10_000);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearTimeout(timeout);
    };
  }, [queryClient, src]);

  if (!src) return null;
  return <iframe className="visually-hidden" src={src} title="Sign-in check" aria-hidden="true" tabIndex={-1} />;
}
