import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/session';

/** `DELETE /me`: the password (or, without one, the e-mail typed again) confirms it. */
export async function deleteMe(body: { password?: string | null; confirm_email?: string | null }): Promise<void> {
  await unwrap(api.DELETE('/api/v1/me', { body }));
}

/** The caller leaves the account pages first, then calls `forget()` (else the sign-in guard would redirect first). */
export function useDeleteMe() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: deleteMe });
  const forget = async () => {
    await queryClient.resetQueries({ queryKey: authKeys.all });
    await queryClient.invalidateQueries();
  };
  return { ...mutation, forget };
}
