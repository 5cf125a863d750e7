import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';

/** `POST /me/email`: sends a confirmation link to the new address; nothing changes until it is followed. */
export async function changeEmail(body: { email: string; password?: string | null }): Promise<{ message: string }> {
  return unwrap(api.POST('/api/v1/me/email', { body }));
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
