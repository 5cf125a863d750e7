import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/session';
import { writeStoreCookie } from '@/lib/store-cookie';
import { meKeys } from '@/lib/resources/me/query-keys';
import type { MeResponse } from '@/lib/resources/me/types';
import type { UpdateMe } from './types';

/** `PATCH /me`: profile fields; a new country moves the account to the other store. */
export async function updateMe(body: UpdateMe): Promise<MeResponse> {
  return unwrap(api.PATCH('/api/v1/me', { body }));
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: async (me, body) => {
      queryClient.setQueryData(meKeys.detail(), me);
      // The country decides the store (SPEC §3), also over an earlier manual choice:
      // prices and availability change with it.
      if (body.country !== undefined) {
        writeStoreCookie(me.home_store === 'us' ? 'us' : 'global');
        await queryClient.invalidateQueries();
      }
      else await queryClient.invalidateQueries({ queryKey: authKeys.session() });
    },
  });
}
