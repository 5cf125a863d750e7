import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginUrl } from '@/lib/auth/return-path';
import { useSession } from '@/lib/auth/session';

/** Account pages: signed-out visitors go to `/login` and come back here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <div className="page-fallback" aria-busy="true" />;
  if (!session.data?.user) return <Navigate to={loginUrl(`${location.pathname}${location.search}`)} replace />;
  return children;
}
