import type { components } from '@/lib/api/schema';

export type CreditAccount = components['schemas']['CreditAccount'];
export type CreditEntry = components['schemas']['CreditEntryDto'];
export type CreditInvoice = components['schemas']['CreditInvoice'];
export type CreditEntryKind = components['schemas']['CreditEntryKind'];
