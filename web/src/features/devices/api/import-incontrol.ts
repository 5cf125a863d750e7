import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { deviceKeys } from '@/lib/resources/devices/query-keys';
import type { ImportSummary } from './types';

/** `POST /me/devices/import-incontrol`: what the linked InControl account manages. */
export function importIncontrol(): Promise<ImportSummary> {
  return unwrap(api.POST('/api/v1/me/devices/import-incontrol'));
}

export function useImportIncontrol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importIncontrol,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
