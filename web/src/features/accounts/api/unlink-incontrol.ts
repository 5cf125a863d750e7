import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { meKeys } from '@/lib/resources/me/query-keys';

/** `DELETE /me/incontrol`: forgets the linked InControl account and its tokens. */
export async function unlinkIncontrol(): Promise<void> {
  await unwrap(api.DELETE('/api/v1/me/incontrol'));
}

export function useUnlinkIncontrol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkIncontrol,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.all }),
  });
}
