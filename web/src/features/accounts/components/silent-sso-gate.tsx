import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/auth/session';

const SilentSsoCheck = lazy(() => import('./silent-sso-check').then((module) => ({ default: module.SilentSsoCheck })));

/**
 * Renders the silent single-sign-on check (./silent-sso-check.tsx) where it can run: the store uses
 * single sign-on and nobody is signed in. Its code loads then, not with every store page (issue 33).
 */
export function SilentSsoGate() {
  const session = useSession();
  if (!session.data?.sso_enabled || session.data.user) return null;
  return (
    <Suspense fallback={null}>
      <SilentSsoCheck />
    </Suspense>
  );
}
