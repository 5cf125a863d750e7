import { Link } from 'react-router';
import { ROLE_NAMES } from '../lib/admin-nav';

/** What someone without the page's role sees (the server refuses its calls with 403 anyway). */
export function AdminForbidden({ role, what }: { role: string; what: string }) {
  return (
    <section className="admin-forbidden" aria-labelledby="forbidden-h" data-testid="admin-forbidden">
      <h1 id="forbidden-h" tabIndex={-1}>
        You can’t open {what}
      </h1>
      <p>
        {what.charAt(0).toUpperCase() + what.slice(1)} {what.endsWith('s') ? 'are' : 'is'} for staff with the{' '}
        <strong>{ROLE_NAMES[role] ?? role}</strong> role, and your account doesn’t have it. Ask an admin for the role if you need it.
      </p>
      <p>
        <Link to="/admin">Go to the back-office home</Link>
      </p>
    </section>
  );
}
