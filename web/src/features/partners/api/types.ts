import type { components } from '@/lib/api/schema';

type S = components['schemas'];

export type PartnerDashboard = S['PartnerDashboard'];
export type PartnerOrder = S['PartnerOrderDto'];
export type LedgerTotals = S['LedgerTotalsDto'];
export type RebateLedger = S['RebateLedger'];
export type RebateEntry = S['RebateEntryDto'];
export type MiniStoreSummary = S['MiniStoreSummary'];
export type MiniStoreDetail = S['MiniStoreDetail'];
export type MiniStoreProduct = S['MiniStoreProductDto'];
export type MiniStoreUpdate = S['MiniStoreUpdate'];
export type StaffRebates = S['StaffRebates'];
export type PayoutDue = S['PayoutDueDto'];
export type Payout = S['PayoutDto'];
export type Money = S['MoneyDto'];
