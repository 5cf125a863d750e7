import { lazy, Suspense, type ComponentProps } from 'react';
import { Link } from 'react-router';
import { useCategories } from '../api/get-categories';
import { useProducts } from '../api/get-products';
import { CategoryTiles } from '../components/category-tiles';
import { ProductGrid } from '../components/product-grid';
import { HOME_SHELVES } from '../lib/listing-params';
import { formatMoney } from '@/lib/money';
import { useMiniStore } from '@/lib/resources/stores/use-mini-store';
import '../catalog.css';

// Shown only when a request fails: its code and the error messages load then, not with the home
// page every visitor downloads (issue 33).
const QueryError = lazy(() => import('../components/query-error').then((module) => ({ default: module.QueryError })));

function ShelfError(props: ComponentProps<typeof QueryError>) {
  return (
    <Suspense fallback={null}>
      <QueryError {...props} />
    </Suspense>
  );
}

function SpeedFusionPromo() {
  const { data } = useProducts(HOME_SHELVES.cloud);
  const cheapest = data?.items[0];
  return (
    <section className="sfc-promo" aria-labelledby="sfc-promo-title">
      <div className="sfc-promo__text">
        <p className="sfc-promo__eyebrow">SpeedFusion Cloud</p>
        <h2 id="sfc-promo-title" className="sfc-promo__title">
          Bond every link into one connection that doesn’t drop
        </h2>
        <p>
          Data plans, SpeedFusion Connect and unlimited plans for your routers — stack them as you go, up to three years
          ahead.
        </p>
        <p className="sfc-promo__price" aria-live="polite">
          {cheapest ? <>Plans from {formatMoney(cheapest.price.cents, cheapest.price.currency)}</> : '\u00a0'}
        </p>
      </div>
      <div className="sfc-promo__actions">
        <Link to="/speedfusioncloud" className="ui-button ui-button--primary ui-button--lg">
          Compare plans
        </Link>
        <Link to="/sn" className="sfc-promo__link">
          Find plans for your device’s serial number
        </Link>
      </div>
    </section>
  );
}

export function HomePage() {
  const categories = useCategories();
  const featured = useProducts(HOME_SHELVES.featured);
  const newest = useProducts(HOME_SHELVES.newest);
  // In a partner's mini-store the welcome is theirs (its products and prices are already the store's).
  const miniStore = useMiniStore();
  const partner = miniStore?.partner ?? 'our partner';
  const tagline = miniStore?.branding.tagline?.trim();

  return (
    <>
      <title>Uplink — networking hardware, data plans and licences</title>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <h1 id="hero-title" className="hero__title">
              {miniStore ? miniStore.branding.display_name : 'Networking hardware, data plans and licences — in one store'}
            </h1>
            <p className="hero__text">
              {miniStore
                ? `${tagline ? `${tagline}${/[.!?]$/.test(tagline) ? '' : '.'} ` : ''}The products and prices ${partner} chose for you; ordered, paid and delivered by Uplink.`
                : 'Buy routers and access points, keep them connected with SpeedFusion Cloud and eSIM data, and licensed with care plans matched to their serial numbers. Businesses can request quotations and pay on credit terms.'}
            </p>
            <div className="hero__actions">
              <Link to="/products" className="ui-button ui-button--primary ui-button--lg">
                Browse products
              </Link>
              <Link to="/speedfusioncloud" className="ui-button ui-button--secondary ui-button--lg">
                SpeedFusion Cloud plans
              </Link>
            </div>
          </div>
          <ul className="hero__points" aria-label="Why buy here">
            <li>Ships from Global and US warehouses with tracking</li>
            <li>Licences and plans delivered to your device’s serial number</li>
            <li>{miniStore ? `Prices in USD, set by ${partner}` : 'Prices in USD, per store — switch store in the header'}</li>
          </ul>
        </div>
      </section>

      <div className="container home">
        <section className="home__section" aria-labelledby="home-categories">
          <div className="section-head">
            <h2 id="home-categories" className="section-head__title">
              Shop by category
            </h2>
            <Link to="/categories" className="section-head__link">
              All categories<span aria-hidden="true"> →</span>
            </Link>
          </div>
          {categories.error ? (
            <ShelfError error={categories.error} onRetry={() => void categories.refetch()} title="We couldn’t load the categories" />
          ) : (
            <CategoryTiles categories={categories.data?.items} />
          )}
        </section>

        <section className="home__section" aria-labelledby="home-featured">
          <div className="section-head">
            <h2 id="home-featured" className="section-head__title">
              Featured hardware
            </h2>
            <Link to="/products?type=hardware&type=configurable" className="section-head__link">
              All hardware<span aria-hidden="true"> →</span>
            </Link>
          </div>
          {featured.error ? (
            <ShelfError error={featured.error} onRetry={() => void featured.refetch()} title="We couldn’t load these products" />
          ) : (
            <ProductGrid products={featured.data?.items.slice(0, 4)} skeletonCount={4} label="Featured hardware" compact />
          )}
        </section>

        <SpeedFusionPromo />

        <section className="home__section" aria-labelledby="home-new">
          <div className="section-head">
            <h2 id="home-new" className="section-head__title">
              New in the store
            </h2>
            <Link to="/products?sort=newest" className="section-head__link">
              All new products<span aria-hidden="true"> →</span>
            </Link>
          </div>
          {newest.error ? (
            <ShelfError error={newest.error} onRetry={() => void newest.refetch()} title="We couldn’t load these products" />
          ) : (
            <ProductGrid products={newest.data?.items.slice(0, 8)} skeletonCount={8} label="New in the store" compact />
          )}
        </section>
      </div>
    </>
  );
}
