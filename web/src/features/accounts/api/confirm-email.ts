import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/session';

/** `POST /me/email/confirm`: applies an e-mail change from the link's token. */
export async function confirmEmail(token: string): Promise<{ email: string }> {
  return unwrap(api.POST('/api/v1/me/email/confirm', { body: { token } }));
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.all }),
  });
}
