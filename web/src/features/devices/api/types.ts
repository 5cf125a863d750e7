import type { components } from '@/lib/api/schema';

type S = components['schemas'];
export type Device = S['Device'];
export type PaymentMethod = S['SavedCard'];
export type PaymentMethodList = S['SavedCardList'];
export type ImportSummary = S['ImportSummary'];
export type AutoRenewRequest = S['AutoRenewRequest'];
export type EsimList = S['EsimList'];
export type SerialLookup = S['SerialLookup'];
