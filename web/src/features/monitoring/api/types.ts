import type { components } from '@/lib/api/schema';

type S = components['schemas'];

/** A subscription, eSIM or data pool whose usage is recorded (`GET /me/usage`). */
export type UsageItem = S['UsageItem'];
export type UsageKind = S['UsageItemKind'];
export type UsageList = S['UsageList'];
export type UsageAlert = S['UsageAlert'];
export type AlertKind = S['AlertKind'];
export type UsageTopUp = S['UsageTopUp'];
export type UsageSfc = S['SfcState'];
export type UsageDay = S['UsageDay'];
export type DailyUsage = S['DailyUsage'];
/** The body of `PUT /me/usage/{id}/alert`. */
export type AlertRequest = S['SetUsageAlert'];
export type AlertResponse = S['UsageAlertResult'];
