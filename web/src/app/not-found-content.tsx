import { Link } from 'react-router';

export interface NotFoundContentProps {
  /** Where "home" is for this screen group. */
  homeHref: string;
  homeLabel: string;
}

/** A group's not-found page body, shown inside that group's shell. */
export function NotFoundContent({ homeHref, homeLabel }: NotFoundContentProps) {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <title>Page not found — Uplink</title>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        We can’t find that page
      </h1>
      <p className="not-found__text">
        The link may be old or mistyped, or the page has moved. Check the address, or carry on from here.
      </p>
      <Link className="ui-button ui-button--primary ui-button--md" to={homeHref}>
        {homeLabel}
      </Link>
    </section>
  );
}
