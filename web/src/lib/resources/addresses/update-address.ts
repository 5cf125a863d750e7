import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { addressKeys } from './query-keys';
import type { Address, AddressPatch } from './types';

/** `PATCH /me/addresses/{id}`: also makes an address the default shipping or billing one. */
export function updateAddress({ id, patch }: { id: string; patch: AddressPatch }): Promise<Address> {
  return unwrap(api.PATCH('/api/v1/me/addresses/{id}', { params: { path: { id } }, body: patch }));
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
