import { authKeys } from '@/lib/auth/session';
import type { DeviceFilters } from './types';

/**
 * Query keys of the customer's devices (`/me/devices…`), read by device management and the
 * account dashboard: every device mutation invalidates `deviceKeys.all`. Under `authKeys.all`,
 * so signing in or out resets them.
 */
export const deviceKeys = {
  all: [...authKeys.all, 'devices'] as const,
  list: (filters: DeviceFilters) => [...deviceKeys.all, 'list', filters] as const,
  detail: (serial: string) => [...deviceKeys.all, 'detail', serial] as const,
};
