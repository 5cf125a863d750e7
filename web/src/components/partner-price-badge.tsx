import { Badge } from '@/components/ui/badge';

/**
 * Marks prices of the partner price list (SPEC §10): on product cards, the product page, the cart
 * and orders of a signed-in partner. The words are read out with the price they follow.
 */
export function PartnerPriceBadge({ className }: { className?: string }) {
  return (
    <Badge tone="brand" className={['partner-price-badge', className].filter(Boolean).join(' ')} data-testid="partner-price">
      Partner price
    </Badge>
  );
}
