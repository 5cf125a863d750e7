import { Link } from 'react-router';
import { StaffNotice } from '@/components/staff-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/auth/session';
import { useAdminHome } from '../api/home';
import { navFor } from '../lib/admin-nav';

/** `/admin`: what needs attention for the caller's roles, each linking to the page that handles it. */
export default function AdminHomePage() {
  const home = useAdminHome();
  const { user } = useCurrentUser();
  const pages = navFor(user?.roles ?? []).filter((i) => i.to !== '/admin');
  return (
    <div className="admin-page">
      <title>Back office — Uplink</title>
      <h1 tabIndex={-1}>Back office</h1>
      <p className="muted">
        Signed in as {user?.name} ({(home.data?.roles ?? user?.roles ?? []).filter((r) => r !== 'customer').join(', ')}).
      </p>
      <section aria-labelledby="attention-h">
        <h2 id="attention-h">Needs attention</h2>
        {home.isPending ? (
          <div aria-busy="true">
            <span className="visually-hidden">Loading what needs attention…</span>
            <Skeleton height="8rem" />
          </div>
        ) : home.isError ? (
          <StaffNotice error={home.error} what="the back-office home" onRetry={() => void home.refetch()} />
        ) : home.data.attention.length === 0 ? (
          <p>Nothing waits for your roles right now.</p>
        ) : (
          <ul className="attention-grid" data-testid="attention">
            {home.data.attention.map((a) => (
              <li key={a.key} className={a.count > 0 ? 'attention-card attention-card--due' : 'attention-card'}>
                <Link to={a.path} className="attention-card__link">
                  <span className="attention-card__count">{a.count}</span>
                  <span className="attention-card__label">{a.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="pages-h">
        <h2 id="pages-h">Your pages</h2>
        <ul className="admin-links">
          {pages.map((p) => (
            <li key={p.to}>
              <Link to={p.to}>{p.label}</Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
