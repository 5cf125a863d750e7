import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { integrationKeyKeys } from './query-keys';
import type { IntegrationKeyList } from './types';

/** `GET /admin/integration-keys` (admin): every key, revoked ones included. */
export function getIntegrationKeys(signal?: AbortSignal): Promise<IntegrationKeyList> {
  return unwrap(api.GET('/api/v1/admin/integration-keys', { signal }));
}

export const integrationKeysQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeyKeys.list(),
    queryFn: ({ signal }) => getIntegrationKeys(signal),
    retry: false,
  });

export function useIntegrationKeys() {
  return useQuery(integrationKeysQueryOptions());
}
