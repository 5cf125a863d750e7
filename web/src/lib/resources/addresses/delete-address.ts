import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { addressKeys } from './query-keys';

/** `DELETE /me/addresses/{id}`. */
export async function deleteAddress(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/v1/me/addresses/{id}', { params: { path: { id } } }));
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
