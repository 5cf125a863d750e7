import type { components } from '@/lib/api/schema';

export type QuotationDetail = components['schemas']['QuotationDetail'];
export type QuotationSummary = components['schemas']['QuotationSummary'];
export type QuotationLine = components['schemas']['QuotationLineDto'];
export type QuotationEvent = components['schemas']['QuotationEvent'];
export type QuotationActions = components['schemas']['QuotationActions'];
export type QuotationTotals = components['schemas']['QuotationTotals'];
export type QuotationStatus = components['schemas']['QuotationStatus'];
export type LineQuote = components['schemas']['LineQuote'];
export type CreateQuotationRequest = components['schemas']['CreateQuotationRequest'];
export type QuotationLineInput = components['schemas']['QuotationLineInput'];
export type StaffQuotationEdit = components['schemas']['StaffQuotationEdit'];
export type LinePriceInput = components['schemas']['LinePriceInput'];
