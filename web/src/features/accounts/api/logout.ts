import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/session';
import { rememberSignedOut } from '../lib/signed-out';

/** `POST /auth/logout`: ends this browser's session. */
export async function logout(): Promise<void> {
  await unwrap(api.POST('/api/v1/auth/logout'));
  // Before anything learns that we are signed out, or the silent SSO check would sign us back in.
  rememberSignedOut(true);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      await queryClient.resetQueries({ queryKey: authKeys.all });
      await queryClient.invalidateQueries();
    },
  });
}
