import { Suspense, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { preloadableLazy } from '@/lib/preloadable-lazy';
import { useProduct } from '../api/get-product';
import type { ProductDetail, Variant } from '../api/types';
import { Breadcrumbs } from '../components/breadcrumbs';
import { LabelBadges } from '../components/label-badges';
import { Price } from '../components/price';
import { usePartnerPrices } from '@/lib/resources/stores/get-current-store';
import { ProductGallery } from '../components/product-gallery';
import { ProductGrid } from '../components/product-grid';
import { ProductTabs } from '../components/product-tabs';
import { BookmarkButton } from '@/components/bookmark-button';

import { useAddToCartFromForm } from '../components/add-to-cart';
import { QUOTE_INTENT, useQuoteFromForm } from '../components/request-quotation-from-form';
import { QueryError } from '../components/query-error';
import { StockBadge } from '../components/stock-badge';
import { VariantPicker } from '../components/variant-picker';
import { typeLabel } from '../lib/labels';
import { formatAllowance, formatValidity } from '../lib/pricing';
import { normaliseSerial } from '../lib/serial';
import { chooseValue, resolveVariant, selectionFromParams } from '../lib/variants';
import '../catalog.css';

const PurchaseForm = preloadableLazy(() =>
  import('../components/purchase-form').then((module) => ({ default: module.PurchaseForm })),
);

/** Holds the purchase form's place until it renders. */
const purchaseFormBox = <div className="purchase-form" aria-busy="true" />;

/**
 * Whether the purchase form may render: once its code is there, which is requested only after the
 * page has painted. It validates with react-hook-form and zod, some 40 KB compressed, and Lighthouse
 * counts every script requested before a page's largest paint against that paint (issue 33). Until
 * then an empty box of about its size holds its place. Rendered only once loaded, the form does not
 * suspend (React 19 reveals suspended content no sooner than 300 ms after its fallback); a failed
 * load renders it too, and its boundary shows the error, as for a page that failed to load.
 */
function usePurchaseFormReady(): boolean {
  const [ready, setReady] = useState(PurchaseForm.isLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => live && setReady(true);
    // A frame's callback runs before its paint; a timeout set there runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void PurchaseForm.preload().then(done, done));
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  return ready;
}

/** "Global store", "US store". */
function storeName(code: string): string {
  return code === 'us' ? 'US store' : code === 'global' ? 'Global store' : `“${code}” store`;
}

const CLOUD_TYPES = new Set(['cloud', 'cloud-connect', 'cloud-unlimited', 'esim-data', 'esim-data-pool']);

function PlanFacts({ product }: { product: ProductDetail }) {
  if (!CLOUD_TYPES.has(product.type)) return null;
  const facts: [string, string][] = [];
  facts.push(['Data', formatAllowance(product.data_mb)]);
  const validity = formatValidity(product.validity_days, product.term_months);
  if (validity) facts.push(['Valid for', validity]);
  if (product.type.startsWith('cloud'))
    facts.push([
      'Stacking',
      product.type === 'cloud-unlimited'
        ? 'Renewals add time (up to 3 years); can’t be combined with a metered plan'
        : 'Adds data and time on top of an active plan (up to 3 years ahead)',
    ]);
  return (
    <dl className="facts">
      {facts.map(([name, value]) => (
        <div key={name} className="facts__row">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProductSkeleton() {
  return (
    <div className="product product--loading" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading product…
      </p>
      {/* The same boxes as the product: breadcrumbs, then the 4:3 picture beside the buy box. */}
      <div className="breadcrumbs" aria-hidden="true">
        <Skeleton width="40%" height="1.3125rem" />
      </div>
      <div className="product__top" aria-hidden="true">
        <div className="gallery">
          <span className="product-image gallery__main">
            <Skeleton height="100%" />
          </span>
        </div>
        <div className="buy-box">
          <Skeleton width="20%" height="0.9rem" />
          <Skeleton width="80%" height="2.2rem" />
          <Skeleton width="30%" height="0.9rem" />
          <Skeleton width="90%" height="3rem" />
          <Skeleton width="35%" height="2rem" />
          <Skeleton width="100%" height="6rem" />
        </div>
      </div>
    </div>
  );
}

function ProductNotFound() {
  return (
    <section className="not-found" aria-labelledby="product-missing">
      <title>Product not found — Uplink</title>
      <h1 id="product-missing" className="not-found__title">
        We can’t find that product
      </h1>
      <p className="not-found__text">
        It may have been renamed, retired or isn’t sold in this store. Search for it, or browse similar products.
      </p>
      <div className="notice__actions">
        <Link to="/products" className="ui-button ui-button--primary">
          Browse all products
        </Link>
        <Link to="/categories" className="ui-button ui-button--secondary">
          See categories
        </Link>
      </div>
    </section>
  );
}

function ProductView({ product }: { product: ProductDetail }) {
  const [params, setParams] = useSearchParams();
  const configurable = product.variants.length > 0;
  const attributes = product.variant_attributes;
  let selection = selectionFromParams(attributes, params);
  if (!Object.keys(selection).length && product.selected_variant) {
    // `/products/{variant-slug}` points at one variant.
    selection = product.variants.find((item) => item.sku === product.selected_variant)?.attributes ?? {};
  }
  const variant: Variant | undefined = configurable ? resolveVariant(product.variants, selection) : undefined;
  const shownSelection = variant?.attributes ?? selection;
  const price = variant ? variant.price : product.price;
  const compareAt = variant ? variant.compare_at_price : product.compare_at_price;
  const stock = variant?.stock_status ?? product.stock_status;
  const sku = variant?.sku ?? product.sku;
  const sold = variant ? variant.sold_in_store : product.sold_in_store;
  const currency = price?.currency ?? product.price?.currency ?? 'USD';
  const category = product.breadcrumb.at(-1) ?? product.categories[0];
  const purchasable = variant ? true : product.purchasable;
  const addToCart = useAddToCartFromForm(sku, variant?.name ?? product.name);
  const quote = useQuoteFromForm(sku);
  const canBuy = purchasable && stock !== 'out_of_stock';
  const purchaseFormReady = usePurchaseFormReady();
  const partnerPrices = usePartnerPrices();
  // A quotation may ask for more than is in stock; sales answer with a delivery date.
  const canQuote = purchasable;

  function choose(code: string, value: string) {
    const next = chooseValue(product.variants, shownSelection, code, value);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const attribute of attributes) {
          const chosen = next[attribute.code];
          if (chosen) updated.set(attribute.code, chosen);
          else updated.delete(attribute.code);
        }
        return updated;
      },
      // Only the query changes, so the scroll manager keeps the buy box where it is.
      { replace: true },
    );
  }

  return (
    <article className="product" aria-labelledby="product-title">
      <title>{`${product.name} — Uplink`}</title>
      <Breadcrumbs
        items={[
          { label: 'Home', to: '/' },
          category ? { label: category.name, to: `/categories/${category.slug}` } : { label: 'Products', to: '/products' },
          { label: product.name },
        ]}
      />
      <div className="product__top">
        <ProductGallery images={product.images} name={product.name} />
        <div className="buy-box">
          <p className="buy-box__brand">
            {product.brand} · {typeLabel(product.type)}
          </p>
          <h1 id="product-title" className="buy-box__title">
            {product.name}
          </h1>
          <p className="buy-box__sku">
            SKU <span className="buy-box__sku-value">{sku}</span>
          </p>
          <LabelBadges labels={product.labels} />
          {product.summary && <p className="buy-box__summary">{product.summary}</p>}
          <div className="buy-box__price" aria-live="polite">
            {price ? (
              <Price amount={price.cents} currency={price.currency} compareAt={compareAt?.cents} size="lg" partner={partnerPrices} />
            ) : (
              <p className="price price--lg">
                <span className="price__amount">Not sold here</span>
              </p>
            )}
            {sold && <StockBadge status={stock} type={product.type} />}
          </div>
          {!sold && (
            <p className="buy-box__note">
              {configurable ? 'This version isn’t' : 'This product isn’t'} sold in the {storeName(product.store)}.{' '}
              {configurable ? 'Choose another version, or switch' : 'Switch'} store with the store selector at the top of
              the page to see its price there.
            </p>
          )}
          {sold && stock === 'out_of_stock' && (
            <p className="buy-box__note">
              This {configurable ? 'version is' : 'product is'} out of stock in this store.{' '}
              {configurable ? 'Choose another version, or ' : ''}check the other store with the store switcher at the
              top of the page.
            </p>
          )}
          {sold && !product.purchasable && !configurable && (
            <p className="buy-box__note">This product can’t be bought online in this store. Contact sales for a quotation.</p>
          )}
          <PlanFacts product={product} />
          {configurable && (
            <VariantPicker
              attributes={attributes}
              variants={product.variants}
              selection={shownSelection}
              onChoose={choose}
            />
          )}
          {sold && price && !purchaseFormReady && purchaseFormBox}
          {sold && price && purchaseFormReady && (
            <Suspense fallback={purchaseFormBox}>
              <PurchaseForm
                key={sku}
                options={product.custom_options}
                rules={{ min: product.min_qty, max: product.max_qty ?? null, step: product.qty_step }}
                basePrice={price.cents}
                currency={currency}
                serial={normaliseSerial(params.get('serial') ?? '')}
                onValid={
                  canBuy || canQuote
                    ? (values, intent) => (intent === QUOTE_INTENT || !canBuy ? quote.onValid(values) : addToCart.onValid(values))
                    : undefined
                }
                actions={
                  canBuy || canQuote ? (
                    <div className="buy-box__actions">
                      {canBuy && addToCart.actions}
                      {canQuote && quote.actions}
                    </div>
                  ) : undefined
                }
              />
            </Suspense>
          )}
          <BookmarkButton productId={product.id} productName={product.name} appearance="full" className="buy-box__bookmark" />
        </div>
      </div>

      {product.description_html && (
        <section className="product__section" aria-labelledby="overview-title">
          <h2 id="overview-title" className="product__section-title">
            Overview
          </h2>
          {/* Rendered and sanitised on the server (pulldown-cmark + ammonia, D85). */}
          <div className="markdown" dangerouslySetInnerHTML={{ __html: product.description_html }} />
        </section>
      )}

      <ProductTabs
        specification={product.specification}
        packageContents={product.package_contents}
        downloads={product.downloads}
        customOptions={product.custom_options}
      />

      {product.related.length > 0 && (
        <section className="product__section" aria-labelledby="related-title">
          <h2 id="related-title" className="product__section-title">
            Related products
          </h2>
          <ProductGrid products={product.related.slice(0, 4)} label="Related products" compact />
        </section>
      )}
    </article>
  );
}

export function ProductPage() {
  const { slug = '' } = useParams();
  const { data, error, refetch } = useProduct(slug);
  return (
    <div className="container page">
      {error && !data ? (
        isApiProblem(error) && error.status === 404 ? (
          <ProductNotFound />
        ) : (
          <QueryError error={error} onRetry={() => void refetch()} title="We couldn’t load this product" />
        )
      ) : data ? (
        <ProductView product={data} />
      ) : (
        <ProductSkeleton />
      )}
    </div>
  );
}

export default ProductPage;
