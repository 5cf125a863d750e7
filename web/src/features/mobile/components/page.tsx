import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A mobile page: its title (also the document title), an optional way back, its content. */
export function MobilePage({
  title,
  back,
  children,
  actions,
}: {
  title: string;
  back?: { to: string; label: string };
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="m-page">
      <title>{`${title} — Uplink`}</title>
      {back && (
        <Link className="m-back" to={back.to}>
          <span aria-hidden="true">‹</span>
          {back.label}
        </Link>
      )}
      <div className="m-page__head">
        <h1 className="m-page__title">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** A problem loading something, with what to do next. */
export function LoadProblem({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="m-alert m-alert--error" role="alert">
      <p>{what} couldn’t be loaded. Check your connection and try again.</p>
      <button type="button" className="m-link-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
