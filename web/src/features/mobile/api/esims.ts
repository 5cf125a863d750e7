import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { mobileKeys } from './cart-keys';

export type Esim = components['schemas']['Esim'];

/** `GET /me/esims`: the customer's eSIMs with their data left and expiry. */
export function useMyEsims() {
  return useQuery({
    queryKey: [...mobileKeys.all, 'esims'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/me/esims', { signal })),
  });
}
