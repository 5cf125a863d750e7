import { Link } from 'react-router';
import { BookmarkToggle, type Bookmarks } from '@/components/bookmark-button';

import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { useAddToCart } from '@/lib/resources/cart/add-cart-line';
import type { ProductCard as ProductCardData } from '../api/types';
import { LabelBadges } from './label-badges';
import { Price } from './price';
import { ProductImage } from './product-image';
import { StockBadge } from './stock-badge';

export interface ProductCardProps {
  product: ProductCardData;
  /** Heading level of the product name in its page's outline. */
  headingLevel?: 2 | 3;
  priority?: boolean;
  /** Appended to the product link (e.g. `?serial=…`). */
  linkQuery?: string;
  /** What the cards of a grid share, read once by the grid. */
  shared: CardsShared;
}

/** What every card of a grid shows alike: the bookmarks and whether prices are a partner's. */
export interface CardsShared {
  bookmarks: Bookmarks;
  partner: boolean;
}

/**
 * "Add to cart" on a card where one click is enough: plain hardware (no
 * variants to choose, no serial numbers, nothing required), in stock.
 */
function CardAddToCart({ product }: { product: ProductCardData }) {
  const add = useAddToCart();
  const toast = useToast();
  return (
    <Button
      size="sm"
      variant="secondary"
      className="product-card__add"
      loading={add.isPending}
      onClick={() =>
        add.mutate(
          { sku: product.sku, qty: 1 },
          {
            onSuccess: () => toast.show({ message: `${product.name} was added to your cart.`, tone: 'success' }),
            onError: (error) =>
              toast.show({
                message: isApiProblem(error) && error.detail ? error.detail : 'Could not add it to the cart. Try again.',
                tone: 'error',
              }),
          },
        )
      }
    >
      Add to cart<span className="visually-hidden"> — {product.name}</span>
    </Button>
  );
}

export function quickAddable(product: ProductCardData): boolean {
  return product.type === 'hardware' && !product.price_from && product.stock_status !== 'out_of_stock';
}

/** A product in a grid: the whole card is one link (the name), the rest is supporting text. */
export function ProductCard({ product, headingLevel = 3, priority, linkQuery = '', shared }: ProductCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="product-card">
      <ProductImage src={product.image?.url} alt="" className="product-card__image" priority={priority} />
      <div className="product-card__body">
        {/* The heart sits beside the brand, off the picture: it never covers the picture's own tag. */}
        <div className="product-card__head">
          <p className="product-card__brand">{product.brand}</p>
          <BookmarkToggle
            productId={product.id}
            productName={product.name}
            className="product-card__bookmark"
            bookmarks={shared.bookmarks}
          />
        </div>
        <Heading className="product-card__name">
          <Link to={`/products/${product.slug}${linkQuery}`} className="product-card__link">
            {product.name}
          </Link>
        </Heading>
        <p className="product-card__sku">
          <span className="visually-hidden">SKU </span>
          {product.sku}
        </p>
        <LabelBadges labels={product.labels} className="product-card__labels" />
        <div className="product-card__footer">
          <Price
            amount={product.price.cents}
            currency={product.price.currency}
            compareAt={product.compare_at_price?.cents}
            prefix={product.price_from ? 'From' : undefined}
            partner={shared.partner}
          />
          <StockBadge status={product.stock_status} type={product.type} />
        </div>
        {quickAddable(product) && <CardAddToCart product={product} />}
      </div>
    </article>
  );
}

/** Same box as a ProductCard, so the grid does not move when products arrive. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <span className="product-image product-card__image">
        <Skeleton height="100%" />
      </span>
      <div className="product-card__body">
        <div className="product-card__head">
          <Skeleton width="30%" height="0.8rem" />
        </div>
        <Skeleton width="85%" height="1.1rem" />
        <Skeleton width="45%" height="0.8rem" />
        <div className="product-card__footer">
          <Skeleton width="35%" height="1.3rem" />
          <Skeleton width="25%" height="1.3rem" />
        </div>
      </div>
    </div>
  );
}
