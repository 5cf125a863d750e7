import { Link, useParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { useCategory } from '../api/get-category';
import { Breadcrumbs } from '../components/breadcrumbs';
import { ListingView } from '../components/listing-view';
import { NoMatches } from '../components/no-matches';
import { QueryError } from '../components/query-error';
import '../catalog.css';

function CategoryNotFound() {
  return (
    <section className="not-found" aria-labelledby="category-missing">
      <title>Category not found — Uplink</title>
      <h1 id="category-missing" className="not-found__title">
        We can’t find that category
      </h1>
      <p className="not-found__text">It may have been renamed or removed. Pick one from the list of categories instead.</p>
      <Link to="/categories" className="ui-button ui-button--primary">
        See all categories
      </Link>
    </section>
  );
}

export function CategoryPage() {
  const { slug = '' } = useParams();
  const { data: category, error, refetch } = useCategory(slug);

  if (error && !category) {
    return (
      <div className="container page">
        {isApiProblem(error) && error.status === 404 ? (
          <CategoryNotFound />
        ) : (
          <QueryError error={error} onRetry={() => void refetch()} title="We couldn’t load this category" />
        )}
      </div>
    );
  }

  return (
    <div className="container page">
      {category && <title>{`${category.name} — Uplink`}</title>}
      <Breadcrumbs
        items={[
          { label: 'Home', to: '/' },
          { label: 'Categories', to: '/categories' },
          ...(category?.breadcrumb ?? []).map((item) => ({ label: item.name, to: `/categories/${item.slug}` })),
          ...(category ? [{ label: category.name }] : []),
        ]}
      />
      {category ? (
        <>
          <h1 className="page__title">{category.name}</h1>
          {category.description && <p className="page__lead">{category.description}</p>}
          {category.children.length > 0 && (
            <nav aria-label={`In ${category.name}`} className="subcategories">
              <ul>
                {category.children.map((child) => (
                  <li key={child.slug}>
                    <Link to={`/categories/${child.slug}`} className="subcategories__link">
                      {child.name} <span className="subcategories__count">{child.product_count}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </>
      ) : (
        <div className="page__title-skeleton page-fallback" aria-hidden="true">
          <Skeleton width="40%" height="2.4rem" />
        </div>
      )}
      {/* The listing loads alongside the category but shows once the heading, description and
          subcategories above it are there, so it does not move down when they arrive. */}
      <div hidden={!category}>
        <ListingView
          key={slug}
          source="products"
          fixed={{ category: [slug] }}
          renderEmpty={(state) => (
            <NoMatches
              state={state}
              what={`products in ${category?.name ?? 'this category'}`}
              hint="Remove a filter, or look through all products."
              elsewhere={{ to: '/products', label: 'All products' }}
            />
          )}
        />
      </div>
    </div>
  );
}

export default CategoryPage;
