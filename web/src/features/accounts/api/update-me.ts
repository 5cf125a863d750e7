import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/session';
import type { MeResponse, UpdateMe } from './types';

/** `PATCH /me`: profile fields; a new country moves the account to the other store. */
export async function updateMe(body: UpdateMe): Promise<MeResponse> {
  return unwrap(api.PATCH('/api/v1/me', { body }));
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: async (me, body) => {
      queryClient.setQueryData(authKeys.me(), me);
      // The country decides the store (SPEC §3): prices and availability change with it.
      if (body.country !== undefined) await queryClient.invalidateQueries();
      else await queryClient.invalidateQueries({ queryKey: authKeys.session() });
    },
  });
}
