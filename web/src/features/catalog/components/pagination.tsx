import { Link, useSearchParams } from 'react-router';
import { SCROLL_TO_TOP } from '@/lib/scroll-to-top';
import { serializeListing, type ListingState } from '../lib/listing-params';

/** 1 … 4 5 [6] 7 8 … 20 */
export function pageWindow(current: number, last: number, around = 1): (number | 'gap')[] {
  const pages = new Set<number>([1, last]);
  for (let page = current - around; page <= current + around; page += 1) if (page >= 1 && page <= last) pages.add(page);
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) result.push('gap');
    result.push(page);
  });
  return result;
}

/** Page links go to the top of the next page (SCROLL_TO_TOP; a query-only change keeps the scroll otherwise). */
export function Pagination({ state, total }: { state: ListingState; total: number }) {
  const [params] = useSearchParams();
  const last = Math.max(1, Math.ceil(total / state.pageSize));
  if (last <= 1) return null;
  const current = Math.min(state.page, last);
  const href = (page: number) => {
    const search = serializeListing({ ...state, page }, params).toString();
    return search ? `?${search}` : '?';
  };
  return (
    <nav className="pagination" aria-label="Pages">
      {current > 1 ? (
        <Link className="pagination__step" to={href(current - 1)} state={SCROLL_TO_TOP} rel="prev">
          <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span>
        </Link>
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-hidden="true">
          ‹ Previous
        </span>
      )}
      <ul className="pagination__pages">
        {pageWindow(current, last).map((page, index) =>
          page === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                className="pagination__page"
                to={href(page)}
                state={SCROLL_TO_TOP}
                aria-current={page === current ? 'page' : undefined}
                aria-label={`Page ${page}${page === last ? ', last page' : ''}`}
              >
                {page}
              </Link>
            </li>
          ),
        )}
      </ul>
      {current < last ? (
        <Link className="pagination__step" to={href(current + 1)} state={SCROLL_TO_TOP} rel="next">
          Next<span className="visually-hidden"> page</span>
          <span aria-hidden="true"> ›</span>
        </Link>
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-hidden="true">
          Next ›
        </span>
      )}
    </nav>
  );
}
