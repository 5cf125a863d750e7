import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/**
 * The account queries /mobile itself needs, on the same query keys as `lib/auth/session`
 * (`authKeys`) and `lib/resources/devices` (`deviceKeys`), so caches and invalidations are shared.
 * They are spelled out here rather than imported so that /mobile's first JavaScript stays within
 * its budget (SPEC §12: 120 KB until idle): importing those modules pulls in the chunk the
 * bundler puts shared mutation code in. `account.test.ts` checks the keys still agree.
 */
export const AUTH_KEY = ['auth'] as const;
export const SESSION_KEY = [...AUTH_KEY, 'session'] as const;
export const DEVICES_KEY = [...AUTH_KEY, 'devices'] as const;

export function useAppSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/auth/session', { signal })),
    staleTime: 60_000,
  });
}

export type DeviceList = components['schemas']['DeviceList'];

/** `GET /me/devices` (no filters): every device of the account. */
export function useAllDevices() {
  return useQuery({
    queryKey: [...DEVICES_KEY, 'list', {}] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/me/devices', { params: { query: {} }, signal })),
  });
}
