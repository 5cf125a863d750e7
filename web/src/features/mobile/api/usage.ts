import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { AddLineBody } from '@/lib/resources/cart/types';
import { mobileKeys } from './cart-keys';

export type UsageItem = components['schemas']['UsageItem'];
export type UsageTopUp = components['schemas']['UsageTopUp'];

/** `GET /me/usage`: remaining data and the projected run-out day of each plan and eSIM (SPEC §13). */
export function useMyUsage() {
  return useQuery({
    queryKey: [...mobileKeys.all, 'usage'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/v1/me/usage', { signal })),
    staleTime: 60_000,
  });
}

/** The cart line of a top-up: a device serial goes in `serials`, an ICCID under its option code. */
export function topUpLine(topUp: UsageTopUp): AddLineBody {
  if (topUp.option_code === 'serial_numbers') return { sku: topUp.sku, serials: [topUp.option_value] };
  return { sku: topUp.sku, options: { [topUp.option_code]: topUp.option_value } };
}
