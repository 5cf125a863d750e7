import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { integrationKeyKeys } from './query-keys';
import type { IntegrationKeyList } from './types';

/** `DELETE /admin/integration-keys/{id}` (admin): revokes the key; it stays listed as revoked. */
export async function revokeIntegrationKey(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/v1/admin/integration-keys/{id}', { params: { path: { id } } }));
}

/** Revokes a key, shows it revoked at once, then reloads the list for the server's own time. */
export function useRevokeIntegrationKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeIntegrationKey,
    onSuccess: (_data, id) => {
      const now = new Date().toISOString();
      client.setQueryData<IntegrationKeyList>(integrationKeyKeys.list(), (list) =>
        list ? { keys: list.keys.map((k) => (k.id === id ? { ...k, revoked_at: k.revoked_at ?? now } : k)) } : list,
      );
    },
    // A 404 means it is gone or was never there: either way the list needs the server's view.
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeyKeys.list() }),
  });
}
