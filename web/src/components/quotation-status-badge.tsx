import { Badge, type BadgeTone } from '@/components/ui/badge';
import { QUOTATION_STATUS_LABELS } from '@/lib/resources/quotations/status';
import type { QuotationStatus } from '@/lib/resources/quotations/types';

/** Badge colours: warning where the buyer has something to do, success once agreed or paid. */
const TONES: Record<QuotationStatus, BadgeTone> = {
  draft: 'neutral',
  submitted: 'brand',
  in_review: 'brand',
  quoted: 'warning',
  accepted: 'success',
  ordered: 'success',
  revision_requested: 'brand',
  declined: 'danger',
  closed: 'neutral',
  expired: 'neutral',
};

/** A quotation's status as a badge (the account dashboard, the quotation pages, the sales queue). */
export function QuotationStatusBadge({ status, label }: { status: QuotationStatus; label?: string }) {
  return (
    <Badge tone={TONES[status]} data-status={status}>
      {label ?? QUOTATION_STATUS_LABELS[status]}
    </Badge>
  );
}
