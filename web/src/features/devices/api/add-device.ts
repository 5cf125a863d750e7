import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { deviceKeys } from '@/lib/resources/devices/query-keys';
import type { Device } from './types';

/** `POST /me/devices`: 201 added, 200 when the account already held it. */
export function addDevice(body: { serial: string; name?: string }): Promise<Device> {
  return unwrap(api.POST('/api/v1/me/devices', { body }));
}

export function useAddDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
