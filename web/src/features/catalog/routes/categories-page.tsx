import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useCategories } from '../api/get-categories';
import { Breadcrumbs } from '../components/breadcrumbs';
import { QueryError } from '../components/query-error';
import type { CategoryNode } from '../api/types';
import '../catalog.css';

function CategoryTree({ categories }: { categories: readonly CategoryNode[] }) {
  return (
    <ul className="category-tree">
      {categories.map((category) => (
        <li key={category.slug}>
          <Link to={`/categories/${category.slug}`} className="category-tree__link">
            <span>{category.name}</span>
            <span className="category-tree__count">
              {category.product_count}
              <span className="visually-hidden"> products</span>
            </span>
          </Link>
          {category.children.length > 0 && <CategoryTree categories={category.children} />}
        </li>
      ))}
    </ul>
  );
}

export function CategoriesPage() {
  const { data, error, refetch } = useCategories();
  return (
    <div className="container page">
      <title>All categories — Uplink</title>
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Categories' }]} />
      <h1 className="page__title">All categories</h1>
      <p className="page__lead">Everything in the store, by category. The numbers count the products in each one.</p>
      {error ? (
        <QueryError error={error} onRetry={() => void refetch()} title="We couldn’t load the categories" />
      ) : !data ? (
        <div className="category-columns page-fallback" aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="category-column" aria-hidden="true">
              <Skeleton width="50%" height="1.4rem" />
              <Skeleton width="80%" />
              <Skeleton width="70%" />
            </div>
          ))}
        </div>
      ) : (
        <ul className="category-columns">
          {data.items.map((root) => (
            <li key={root.slug} className="category-column">
              <h2 className="category-column__title">
                <Link to={`/categories/${root.slug}`}>{root.name}</Link>
                <span className="category-tree__count">
                  {root.product_count}
                  <span className="visually-hidden"> products</span>
                </span>
              </h2>
              {root.description && <p className="category-column__text">{root.description}</p>}
              {root.children.length > 0 && <CategoryTree categories={root.children} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default CategoriesPage;
