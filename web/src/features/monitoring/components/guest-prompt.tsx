import { Link } from 'react-router';
import { loginUrl } from '@/lib/auth/return-path';

/** Signed-out visitors: usage is private, so sign in — and come straight back to /monitoring. */
export function GuestPrompt({ expired = false }: { expired?: boolean }) {
  return (
    <section className="ui-card ui-card--padded empty-state" aria-labelledby="monitoring-guest">
      <h2 id="monitoring-guest" className="empty-state__title">
        {expired ? 'Your session has ended' : 'Sign in to see the usage of your plans'}
      </h2>
      <p className="empty-state__text">
        {expired
          ? 'Sign in again to see your usage; you’ll come straight back here.'
          : 'Usage is private to your account, so we need to know who you are first. You’ll come straight back here.'}
      </p>
      <Link to={loginUrl('/monitoring')} className="ui-button ui-button--primary ui-button--md">
        Sign in
      </Link>
    </section>
  );
}
