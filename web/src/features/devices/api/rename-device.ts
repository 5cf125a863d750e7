import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { deviceKeys } from '@/lib/resources/devices/query-keys';
import type { Device } from './types';

/** `PATCH /me/devices/{serial}`: a new name (empty clears it). */
export function renameDevice({ serial, name }: { serial: string; name: string }): Promise<Device> {
  return unwrap(api.PATCH('/api/v1/me/devices/{serial}', { params: { path: { serial } }, body: { name } }));
}

export function useRenameDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
