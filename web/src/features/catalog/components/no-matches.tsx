import { Link } from 'react-router';
import { clearFilters, serializeListing, type ListingState } from '../lib/listing-params';

interface NoMatchesProps {
  /** The listing whose filters matched nothing. */
  state: ListingState;
  /** What was filtered: "products", "products in Routers". */
  what: string;
  /** What else to do than clearing the filters. */
  hint: string;
  /** The way out besides clearing: another listing or the categories. */
  elsewhere: { to: string; label: string };
}

/** A listing's empty state: what matched nothing, how to clear the filters, and where else to look. */
export function NoMatches({ state, what, hint, elsewhere }: NoMatchesProps) {
  return (
    <div className="notice">
      <h2 className="notice__title">No {what} match these filters</h2>
      <p>{hint}</p>
      <div className="notice__actions">
        <Link
          to={`?${serializeListing(clearFilters(state)).toString()}`}
          className="ui-button ui-button--secondary ui-button--sm"
        >
          Clear all filters
        </Link>
        <Link to={elsewhere.to} className="ui-button ui-button--ghost ui-button--sm">
          {elsewhere.label}
        </Link>
      </div>
    </div>
  );
}
