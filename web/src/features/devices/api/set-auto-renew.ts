import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { deviceKeys } from '@/lib/resources/devices/query-keys';
import type { AutoRenewRequest, Device } from './types';

/** `PUT /me/devices/{serial}/auto-renew`. */
export function setAutoRenew({ serial, body }: { serial: string; body: AutoRenewRequest }): Promise<Device> {
  return unwrap(api.PUT('/api/v1/me/devices/{serial}/auto-renew', { params: { path: { serial } }, body }));
}

export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoRenew,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
