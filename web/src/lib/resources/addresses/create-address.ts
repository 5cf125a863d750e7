import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { addressKeys } from './query-keys';
import type { Address, NewAddress } from './types';

/** `POST /me/addresses`. */
export function createAddress(body: NewAddress): Promise<Address> {
  return unwrap(api.POST('/api/v1/me/addresses', { body }));
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
