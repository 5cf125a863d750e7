import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { deviceKeys } from '@/lib/resources/devices/query-keys';

/** `DELETE /me/devices/{serial}`. */
export async function removeDevice(serial: string): Promise<void> {
  await unwrap(api.DELETE('/api/v1/me/devices/{serial}', { params: { path: { serial } } }));
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDevice,
    onSuccess: (_, serial) => {
      queryClient.removeQueries({ queryKey: deviceKeys.detail(serial) });
      return queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    },
  });
}
