import { Badge } from '@/components/ui/badge';
import type { ProductType, StockStatus } from '../api/types';
import { STOCK_TEXT, STOCK_TONE } from '../lib/labels';

const PHYSICAL = new Set<string>(['hardware', 'configurable']);

/** Stock of physical goods; licences, plans and eSIMs say how they are delivered instead. */
export function StockBadge({ status, type }: { status: StockStatus; type?: ProductType }) {
  const digital = type !== undefined && !PHYSICAL.has(type);
  const text = digital ? (status === 'out_of_stock' ? 'Unavailable' : 'Delivered online') : STOCK_TEXT[status];
  const tone = digital && status !== 'out_of_stock' ? 'success' : STOCK_TONE[status];
  return (
    <Badge tone={tone} className="stock-badge">
      <span className={`stock-dot stock-dot--${status}`} aria-hidden="true" />
      {text}
    </Badge>
  );
}
