import { OPEN_QUOTATION_STATUSES } from '@/lib/resources/quotations/status';
import type { QuotationStatus } from '@/lib/resources/quotations/types';

/** The buyer's status filter on `/account/quotation` (`?status=`), each a set of API statuses. */
export const BUYER_FILTERS: readonly { value: string; label: string; statuses: readonly QuotationStatus[] }[] = [
  { value: '', label: 'All', statuses: [] },
  { value: 'open', label: 'Open', statuses: ['draft', 'submitted', 'in_review', 'revision_requested'] },
  { value: 'quoted', label: 'Quoted', statuses: ['quoted'] },
  { value: 'accepted', label: 'Accepted', statuses: ['accepted'] },
  { value: 'ordered', label: 'Ordered', statuses: ['ordered'] },
  { value: 'finished', label: 'Closed, declined or expired', statuses: ['closed', 'declined', 'expired'] },
];

export function buyerFilter(value: string | null) {
  return BUYER_FILTERS.find((f) => f.value === (value ?? '')) ?? BUYER_FILTERS[0]!;
}

/** What sales wait on (the queue's default, as the server's). */
export const WAITING_FOR_SALES: readonly QuotationStatus[] = ['submitted', 'in_review', 'revision_requested'];

/** The staff queue's status filter (`?status=`). */
export const STAFF_FILTERS: readonly { value: string; label: string; statuses: readonly QuotationStatus[] }[] = [
  { value: '', label: 'Waiting for sales', statuses: WAITING_FOR_SALES },
  { value: 'submitted', label: 'Submitted, not opened', statuses: ['submitted'] },
  { value: 'in_review', label: 'In review', statuses: ['in_review'] },
  { value: 'revision_requested', label: 'Revision requested', statuses: ['revision_requested'] },
  { value: 'quoted', label: 'Quoted, waiting for the buyer', statuses: ['quoted'] },
  { value: 'accepted', label: 'Accepted, not paid yet', statuses: ['accepted'] },
  { value: 'ordered', label: 'Ordered', statuses: ['ordered'] },
  { value: 'open', label: 'Every open quotation', statuses: OPEN_QUOTATION_STATUSES },
  { value: 'finished', label: 'Declined, closed or expired', statuses: ['declined', 'closed', 'expired'] },
];

export function staffFilter(value: string | null) {
  return STAFF_FILTERS.find((f) => f.value === (value ?? '')) ?? STAFF_FILTERS[0]!;
}

/** Hardware is shipped; everything else (licences, plans, eSIMs) is delivered digitally (as the server decides). */
export function isPhysical(productType: string): boolean {
  return productType === 'hardware' || productType === 'configurable';
}
