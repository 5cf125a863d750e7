import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { z } from '@/lib/zod';
import { integrationKeyKeys } from './query-keys';
import type { CreatedIntegrationKey, NewIntegrationKey, IntegrationKeyList } from './types';

export const KEY_NAME_MAX = 80;

/** Characters as the server counts them (code points: an emoji is one). */
const characters = (text: string) => Array.from(text).length;
// eslint-disable-next-line no-control-regex -- the server refuses control characters in names
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The create form: a name (1–80 characters once trimmed) that says which system uses the key. */
export const createKeySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name, e.g. the system that will send usage records.')
    .refine((name) => characters(name) <= KEY_NAME_MAX, `Keep the name to ${KEY_NAME_MAX} characters.`)
    .refine((name) => !CONTROL.test(name), 'Use letters, digits, spaces and punctuation only (no tabs or line breaks).'),
});
export type CreateKeyValues = z.infer<typeof createKeySchema>;

/** `POST /admin/integration-keys` (admin): a new key; its secret is in this answer only. */
export function createIntegrationKey(body: NewIntegrationKey): Promise<CreatedIntegrationKey> {
  return unwrap(api.POST('/api/v1/admin/integration-keys', { body }));
}

/**
 * Creates a key and lists it at once. The secret stays with the caller: never in the query cache,
 * and the mutation (whose answer holds it) is dropped as soon as nothing observes it.
 */
export function useCreateIntegrationKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createIntegrationKey,
    gcTime: 0,
    onSuccess: ({ key }) => {
      client.setQueryData<IntegrationKeyList>(integrationKeyKeys.list(), (list) =>
        list ? { keys: [key, ...list.keys.filter((k) => k.id !== key.id)] } : list,
      );
      void client.invalidateQueries({ queryKey: integrationKeyKeys.list() });
    },
  });
}
