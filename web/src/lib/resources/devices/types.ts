import type { components } from '@/lib/api/schema';

type S = components['schemas'];
export type Device = S['Device'];
export type DeviceList = S['DeviceList'];
/** What buying a plan would do to a device (`GET /me/devices/{serial}/plan-preview`). */
export type PlanPreview = S['PlanPreview'];
export type WarrantyState = 'active' | 'expiring' | 'grace' | 'expired';

/** The list filters of `GET /me/devices` (all optional). */
export interface DeviceFilters {
  q?: string;
  model?: string;
  expiring?: boolean;
  auto_renew?: boolean;
}
