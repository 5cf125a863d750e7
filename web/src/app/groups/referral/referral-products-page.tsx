import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useProduct } from '@/features/catalog/api/get-product';
import { useProducts } from '@/features/catalog/api/get-products';
import type { ProductCard } from '@/features/catalog/api/types';
import { useAddToCartFromForm } from '@/features/catalog/components/add-to-cart';
import { PurchaseForm } from '@/features/catalog/components/purchase-form';
import { typeLabel } from '@/features/catalog/lib/labels';
import { DEFAULT_LISTING, toApiQuery } from '@/features/catalog/lib/listing-params';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatMoney } from '@/lib/money';
import { groupPath, useReferralScope } from './referral-context';
import '@/features/catalog/catalog.css';

/** The product's own purchase form (options, serial numbers, ICCID, quantity), loaded when chosen. */
function Buy({ product }: { product: ProductCard }) {
  const scope = useReferralScope();
  const detail = useProduct(product.slug);
  const sku = detail.data?.variants?.[0]?.sku ?? product.sku;
  const add = useAddToCartFromForm(sku, product.name);
  if (detail.isPending) return <Skeleton height="6rem" />;
  if (detail.isError) return <p role="alert">This product didn’t load. Try again.</p>;
  const d = detail.data;
  const price = d.variants?.[0]?.price ?? d.price;
  if (!price) return <p>This product isn’t sold in this store.</p>;
  return (
    <div className="ref-product__buy">
      <PurchaseForm
        options={d.custom_options}
        rules={{ min: d.min_qty, max: d.max_qty ?? null, step: d.qty_step }}
        basePrice={price.cents}
        currency={price.currency}
        onValid={add.onValid}
        actions={add.actions}
      />
      <p className="muted">
        <Link to={groupPath(scope, 'cart')}>Go to your cart</Link>
      </p>
    </div>
  );
}

function ProductRow({ product }: { product: ProductCard }) {
  const [open, setOpen] = useState(false);
  const price = product.price ?? product.price_from;
  const headingId = `ref-product-${product.id}`;
  return (
    <li className="ref-product" aria-labelledby={headingId} data-testid="referral-product">
      <div className="ref-product__head">
        {product.image && <img className="ref-product__image" src={product.image.url} alt="" width={64} height={64} loading="lazy" />}
        <div className="ref-product__text">
          <h2 id={headingId} className="ref-product__name">
            {product.name}
          </h2>
          <p className="ref-product__meta">
            {typeLabel(product.type)} · SKU {product.sku}
          </p>
          {product.summary && <p className="ref-product__summary">{product.summary}</p>}
        </div>
        <div className="ref-product__price">
          {price ? (
            <strong>
              {product.price ? '' : 'from '}
              {formatMoney(price.cents, price.currency)}
            </strong>
          ) : (
            <span className="muted">Not sold here</span>
          )}
          <Button
            variant={open ? 'ghost' : 'secondary'}
            size="sm"
            aria-expanded={open}
            aria-controls={`${headingId}-buy`}
            disabled={!product.purchasable || !price}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Close' : 'Choose'}
            <span className="visually-hidden"> {product.name}</span>
          </Button>
        </div>
      </div>
      <div id={`${headingId}-buy`} hidden={!open}>
        {open && <Buy product={product} />}
      </div>
    </li>
  );
}

/** `products`: the referral-eligible products of the store, each bought right here. */
export function ReferralProductsPage() {
  const scope = useReferralScope();
  const [page, setPage] = useState(1);
  const query = toApiQuery({ ...DEFAULT_LISTING, type: scope.eligibleTypes, pageSize: 48, page });
  const products = useProducts(query);
  return (
    <section className="ministore-list" aria-labelledby="ref-products-title">
      <title>{`Products — ${scope.displayName}`}</title>
      <h1 id="ref-products-title" className="ministore-list__title">
        Products
      </h1>
      <p className="muted">Licences, cloud plans and eSIM data: the products a friend’s referral code takes money off.</p>
      {products.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading products…</span>
          <Skeleton height="5rem" />
          <Skeleton height="5rem" />
        </div>
      ) : products.isError ? (
        <div role="alert">
          <p>{isApiProblem(products.error) ? (products.error.detail ?? messageForProblem(products.error)) : 'The products didn’t load.'}</p>
          <Button variant="secondary" onClick={() => void products.refetch()}>
            Try again
          </Button>
        </div>
      ) : products.data.items.length === 0 ? (
        <p>Nothing is on sale here right now. <a href="/">Visit the main Uplink store</a>.</p>
      ) : (
        <>
          <ul className="ref-products">
            {products.data.items.map((product) => (
              <ProductRow key={product.id} product={product} />
            ))}
          </ul>
          {products.data.page_count > 1 && (
            <nav className="ref-pages" aria-label="Pages">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous page
              </Button>
              <span>
                Page {page} of {products.data.page_count}
              </span>
              <Button variant="secondary" size="sm" disabled={page >= products.data.page_count} onClick={() => setPage((p) => p + 1)}>
                Next page
              </Button>
            </nav>
          )}
          <p>
            <Link className={buttonClassName({})} to={groupPath(scope, 'cart')}>
              Go to your cart
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
