import type { DeviceFilters } from '@/lib/resources/devices/types';

/** Device management's state in the URL: search, filters and the open device (deep-linkable). */
export interface PageState {
  q: string;
  model: string;
  expiring: boolean;
  autoRenew: boolean;
  /** The device whose detail is open. */
  serial: string | null;
}

export function stateFromParams(params: URLSearchParams): PageState {
  return {
    q: params.get('q') ?? '',
    model: params.get('model') ?? '',
    expiring: params.get('expiring') === 'true',
    autoRenew: params.get('auto_renew') === 'true',
    serial: params.get('serial') || null,
  };
}

/** The URL of `state`, leaving out what is empty or off. */
export function paramsFromState(state: PageState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.model) params.set('model', state.model);
  if (state.expiring) params.set('expiring', 'true');
  if (state.autoRenew) params.set('auto_renew', 'true');
  if (state.serial) params.set('serial', state.serial);
  return params;
}

/** The API's filters for `state` (the open device does not filter the list). */
export function apiFilters(state: PageState): DeviceFilters {
  const filters: DeviceFilters = {};
  if (state.q.trim()) filters.q = state.q.trim();
  if (state.model) filters.model = state.model;
  if (state.expiring) filters.expiring = true;
  if (state.autoRenew) filters.auto_renew = true;
  return filters;
}

export function hasFilters(state: PageState): boolean {
  return Boolean(state.q.trim() || state.model || state.expiring || state.autoRenew);
}
