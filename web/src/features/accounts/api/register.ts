import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/session';
import type { AuthResponse, RegisterRequest } from './types';

/** `POST /auth/register`: creates the account and signs it in. */
export async function register(body: RegisterRequest): Promise<AuthResponse> {
  return unwrap(api.POST('/api/v1/auth/register', { body }));
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: authKeys.all });
      await queryClient.invalidateQueries();
    },
  });
}
