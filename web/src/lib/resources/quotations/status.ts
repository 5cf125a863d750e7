import type { QuotationStatus } from './types';

/** Every status (SPEC §9), in the order a quotation moves through them. */
export const QUOTATION_STATUSES: readonly QuotationStatus[] = [
  'draft',
  'submitted',
  'in_review',
  'quoted',
  'accepted',
  'ordered',
  'revision_requested',
  'declined',
  'closed',
  'expired',
];

/** The buyer's words for each status (the server sends the same as `status_label`). */
export const QUOTATION_STATUS_LABELS: Record<QuotationStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  in_review: 'In review',
  quoted: 'Quoted',
  accepted: 'Accepted',
  ordered: 'Ordered',
  revision_requested: 'Revision requested',
  declined: 'Declined',
  closed: 'Closed',
  expired: 'Expired',
};

/** Still moving: something is left to do for the buyer or sales. */
export const OPEN_QUOTATION_STATUSES: readonly QuotationStatus[] = [
  'draft',
  'submitted',
  'in_review',
  'quoted',
  'accepted',
  'revision_requested',
];
