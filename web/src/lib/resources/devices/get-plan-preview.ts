import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { deviceKeys } from './query-keys';
import type { PlanPreview } from './types';

/**
 * `GET /me/devices/{serial}/plan-preview?sku=`: what buying plan `sku` would do to one of the customer's
 * devices. Read by the SpeedFusion Cloud page's buy panel and by /monitoring's SFC management.
 */
export function getPlanPreview(serial: string, sku: string, signal?: AbortSignal): Promise<PlanPreview> {
  return unwrap(
    api.GET('/api/v1/me/devices/{serial}/plan-preview', { params: { path: { serial }, query: { sku } }, signal }),
  );
}

/** Under the account's device keys: a device change (or signing out) drops the preview. */
export const planPreviewQueryOptions = (serial: string, sku: string) =>
  queryOptions({
    queryKey: [...deviceKeys.detail(serial), 'plan-preview', sku] as const,
    queryFn: ({ signal }) => getPlanPreview(serial, sku, signal),
    retry: false,
  });

/** The preview for an own device; `serial` null (no own device picked) asks nothing. */
export function usePlanPreview(serial: string | null, sku: string) {
  return useQuery({ ...planPreviewQueryOptions(serial ?? '', sku), enabled: Boolean(serial) });
}
