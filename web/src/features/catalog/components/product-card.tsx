import { Link } from 'react-router';
import { BookmarkButton } from '@/components/bookmark-button';
import { Skeleton } from '@/components/ui/skeleton';
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
}

/** A product in a grid: the whole card is one link (the name), the rest is supporting text. */
export function ProductCard({ product, headingLevel = 3, priority }: ProductCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="product-card">
      <ProductImage src={product.image?.url} alt="" className="product-card__image" priority={priority} />
      <BookmarkButton productId={product.id} productName={product.name} className="product-card__bookmark" />
      <div className="product-card__body">
        <p className="product-card__brand">{product.brand}</p>
        <Heading className="product-card__name">
          <Link to={`/products/${product.slug}`} className="product-card__link">
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
          />
          <StockBadge status={product.stock_status} type={product.type} />
        </div>
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
        <Skeleton width="30%" height="0.8rem" />
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
