import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/session';
import type { Address, NewAddress } from './types';

/** `POST /me/addresses`. */
export async function createAddress(body: NewAddress): Promise<Address> {
  return unwrap(api.POST('/api/v1/me/addresses', { body }));
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.addresses() }),
  });
}
