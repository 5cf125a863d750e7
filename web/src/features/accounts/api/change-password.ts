import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';

/** `POST /me/password`: needs the current password (when there is one); ends every other session. */
export async function changePassword(body: { current_password?: string | null; new_password: string }): Promise<void> {
  await unwrap(api.POST('/api/v1/me/password', { body }));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
