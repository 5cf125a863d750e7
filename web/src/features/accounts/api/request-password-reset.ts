import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';

/** `POST /auth/password-reset`: the same answer whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<{ message: string }> {
  return unwrap(api.POST('/api/v1/auth/password-reset', { body: { email } }));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
