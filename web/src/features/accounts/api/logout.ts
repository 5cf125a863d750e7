import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/session';

/** `POST /auth/logout`: ends this browser's session. */
export async function logout(): Promise<void> {
  await unwrap(api.POST('/api/v1/auth/logout'));
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      queryClient.removeQueries({ queryKey: authKeys.all });
      await queryClient.invalidateQueries();
    },
  });
}
