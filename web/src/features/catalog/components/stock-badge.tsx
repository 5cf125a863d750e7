import { Badge } from '@/components/ui/badge';
import type { StockStatus } from '../api/types';
import { STOCK_TEXT, STOCK_TONE } from '../lib/labels';

export function StockBadge({ status }: { status: StockStatus }) {
  return (
    <Badge tone={STOCK_TONE[status]} className="stock-badge">
      <span className={`stock-dot stock-dot--${status}`} aria-hidden="true" />
      {STOCK_TEXT[status]}
    </Badge>
  );
}
