import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/session';
import type { AuthResponse } from './types';

/** `POST /auth/password-reset/confirm`: sets the new password, ends every session and signs in afresh. */
export async function confirmPasswordReset(body: { token: string; password: string }): Promise<AuthResponse> {
  return unwrap(api.POST('/api/v1/auth/password-reset/confirm', { body }));
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: authKeys.all });
      await queryClient.invalidateQueries();
    },
  });
}
