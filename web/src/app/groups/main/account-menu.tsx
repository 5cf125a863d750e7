import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { loginUrl } from '@/lib/auth/return-path';
import { useCurrentUser } from '@/lib/auth/session';
import { PersonIcon } from './person-icon';

// The signed-in menu (its links, signing out) loads once someone is signed in: a guest's first
// page never downloads it (issue 33).
const SignedInMenu = lazy(() => import('./account-menu-panel'));

/** The header's account entry: "Sign in" for guests, the name with an account menu once signed in. */
export function AccountMenu() {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();

  if (isPending || !user) {
    const here = `${location.pathname}${location.search}`;
    const onAuthPage = ['/login', '/challenge', '/password/reset', '/sso/callback'].includes(location.pathname);
    return (
      <Link to={onAuthPage || here === '/' ? '/login' : loginUrl(here)} className="header-link">
        <PersonIcon />
        <span>Sign in</span>
      </Link>
    );
  }

  const firstName = user.name.split(/\s+/)[0] || user.name;
  return (
    <Suspense
      fallback={
        // The menu's button as it will look, so the header does not move while the menu loads.
        <div className="account-menu">
          <span className="header-link account-menu__button">
            <PersonIcon />
            <span>{firstName}</span>
          </span>
        </div>
      }
    >
      <SignedInMenu user={user} />
    </Suspense>
  );
}
