import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import type { CategoryNode } from '../api/types';

/** A simple line icon per top-level category, chosen by keywords in its slug. */
function CategoryIcon({ slug }: { slug: string }) {
  const common = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const };
  let path = <path d="M4 7h16v10H4zM8 11h.01M12 11h.01M16 11h.01" {...common} />;
  if (/cloud/.test(slug)) path = <path d="M7 18a4 4 0 0 1-.5-8 6 6 0 0 1 11.3 1.5A3.5 3.5 0 0 1 17.5 18z" {...common} />;
  else if (/esim|sim/.test(slug)) path = <path d="M7 3h7l4 4v14H7zM10 12h5v5h-5z" {...common} />;
  else if (/licen|data-plan/.test(slug)) path = <path d="M6 3h12v18H6zM9 8h6M9 12h6M9 16h3" {...common} />;
  else if (/care|warrant/.test(slug)) path = <path d="M12 3l7 3v6c0 4-3 7-7 9-4-2-7-5-7-9V6z M9 12l2 2 4-4" {...common} />;
  else if (/hardware|router/.test(slug))
    path = <path d="M3 14h18v5H3zM7 14V9M17 14V9M7 16.5h.01M10 16.5h.01M9 6a4 4 0 0 1 6 0" {...common} />;
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      {path}
    </svg>
  );
}

export function CategoryTiles({ categories, headingLevel = 3 }: { categories: readonly CategoryNode[] | undefined; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  if (!categories) {
    return (
      <ul className="category-tiles" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="category-tile category-tile--skeleton" aria-hidden="true">
            <Skeleton width="28px" height="28px" />
            <Skeleton width="60%" height="1.1rem" />
            <Skeleton width="40%" height="0.8rem" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="category-tiles">
      {categories.map((category) => (
        <li key={category.slug} className="category-tile">
          <span className="category-tile__icon">
            <CategoryIcon slug={category.slug} />
          </span>
          <Heading className="category-tile__name">
            <Link to={`/categories/${category.slug}`} className="category-tile__link">
              {category.name}
            </Link>
          </Heading>
          <p className="category-tile__count">
            {category.product_count} product{category.product_count === 1 ? '' : 's'}
          </p>
        </li>
      ))}
    </ul>
  );
}
