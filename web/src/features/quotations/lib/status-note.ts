import type { QuotationDetail } from '@/lib/resources/quotations/types';
import { formatDay } from '@/lib/time-format';

/** Where the quotation stands and what happens next, in the buyer's words. */
export function buyerStatusNote(q: QuotationDetail): string {
  const until = q.valid_until ? formatDay(q.valid_until) : null;
  switch (q.status) {
    case 'draft':
      return 'This is a draft: sales have not seen it yet. Add a note if you like, then submit it to get prices.';
    case 'submitted':
      return 'Sent to sales. We e-mail you as soon as the prices are ready.';
    case 'in_review':
      return `Sales are preparing your prices${q.assignee ? ` (${q.assignee})` : ''}. We e-mail you when they are ready.`;
    case 'quoted':
      return `Your prices are ready${until ? ` and hold until ${until}` : ''}. Accept them to pay, or ask for a revision.`;
    case 'accepted':
      return `You accepted the prices. Pay${until ? ` by ${until}` : ''} to turn the quotation into an order.`;
    case 'ordered':
      return `Paid${q.order_number ? `: order ${q.order_number}` : ''}. The order page shows its progress.`;
    case 'revision_requested':
      return 'You asked for a revision. Sales will send new prices.';
    case 'declined':
      return 'Sales declined this quotation (see their comment below). You can still buy the items at catalogue prices.';
    case 'closed':
      return 'You closed this quotation. Request a new one from your cart or a product page whenever you need prices.';
    case 'expired':
      return `The quoted prices expired${until ? ` on ${until}` : ''}. Buy at catalogue prices, or request a new quotation.`;
  }
}
