import { useBookmarkToggle } from '@/components/bookmark-button';
import { usePartnerPrices } from '@/lib/resources/stores/get-current-store';
import type { ProductCard as ProductCardData } from '../api/types';
import { type CardsShared, ProductCard, ProductCardSkeleton } from './product-card';

export interface ProductGridProps {
  products: readonly ProductCardData[] | undefined;
  /** Number of placeholders while loading. */
  skeletonCount?: number;
  label: string;
  headingLevel?: 2 | 3;
  busy?: boolean;
  compact?: boolean;
  /** Appended to each product's link, e.g. `?serial=…` to fill in the device. */
  linkQuery?: string;
}

/** Read once per grid, not per card: each card's own queries were most of a grid's render (issue 33). */
function useCardsShared(): CardsShared {
  return { bookmarks: useBookmarkToggle(), partner: usePartnerPrices() };
}

export function ProductGrid({ products, skeletonCount = 8, label, headingLevel, busy, compact, linkQuery }: ProductGridProps) {
  const shared = useCardsShared();
  const className = ['product-grid', compact && 'product-grid--compact', busy && 'product-grid--busy']
    .filter(Boolean)
    .join(' ');
  if (!products) {
    return (
      <div className={className} aria-busy="true" aria-label={label} role="region">
        {Array.from({ length: skeletonCount }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  return (
    <ul className={className} aria-label={label} aria-busy={busy || undefined}>
      {products.map((product, index) => (
        <li key={product.sku}>
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            priority={index < 4}
            linkQuery={linkQuery}
            shared={shared}
          />
        </li>
      ))}
    </ul>
  );
}
