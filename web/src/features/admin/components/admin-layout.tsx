import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { loginUrl } from '@/lib/auth/return-path';
import { useCurrentUser } from '@/lib/auth/session';
import { type AdminNavItem, isStaff, mayOpen, navFor, navItemFor } from '../lib/admin-nav';
import { AdminForbidden } from './admin-forbidden';
import '../admin.css';

const GROUP_ORDER: AdminNavItem['group'][] = ['Overview', 'Fulfilment', 'Sales', 'Catalogue', 'Programmes', 'System'];

function AdminNav({ roles }: { roles: readonly string[] }) {
  const items = navFor(roles);
  return (
    <nav className="admin-nav" aria-label="Back office">
      <p className="admin-nav__title">Back office</p>
      {GROUP_ORDER.map((group) => {
        const inGroup = items.filter((i) => i.group === group);
        if (inGroup.length === 0) return null;
        return (
          <div key={group} className="admin-nav__group">
            {group !== 'Overview' && <p className="admin-nav__group-name">{group}</p>}
            <ul>
              {inGroup.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === '/admin'} className="admin-nav__link">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/**
 * `/admin/*`: one layout for every back-office page. Staff see the pages their roles may use;
 * a page asking for a role they lack shows a clear "you can't open this" (the server refuses its
 * calls with 403 whatever the page shows).
 */
export default function AdminLayout() {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) {
    return (
      <div className="container page" aria-busy="true">
        <span className="visually-hidden">Loading the back office…</span>
        <Skeleton height="12rem" />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="container page admin-gate">
        <title>Back office — Uplink</title>
        <h1>Back office</h1>
        <p>
          <Link to={loginUrl(`${location.pathname}${location.search}`)}>Sign in</Link> with a staff account to use the back office.
        </p>
      </div>
    );
  }
  if (!isStaff(user.roles)) {
    return (
      <div className="container page admin-gate">
        <title>Back office — Uplink</title>
        <AdminForbidden role="staff" what="the back office" />
      </div>
    );
  }
  const item = navItemFor(location.pathname);
  const allowed = !item || mayOpen(user.roles, item.role);
  return (
    <div className="container admin-layout">
      <AdminNav roles={user.roles} />
      <div className="admin-layout__content">
        {allowed ? (
          <Outlet />
        ) : (
          <>
            <title>Not for your role — Uplink</title>
            <AdminForbidden role={item.role} what={item.label.toLowerCase()} />
          </>
        )}
      </div>
    </div>
  );
}
