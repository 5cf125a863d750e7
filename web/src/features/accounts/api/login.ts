import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/session';
import type { AuthResponse, LoginRequest } from './types';

/** `POST /auth/login` (cookie session). */
export async function login(body: LoginRequest): Promise<AuthResponse> {
  return unwrap(api.POST('/api/v1/auth/login', { body }));
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: authKeys.all });
      // Prices and stores may differ for the account's country (SPEC §3): refetch everything.
      await queryClient.invalidateQueries();
    },
  });
}
