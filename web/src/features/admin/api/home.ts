import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from './query-keys';
import type { AdminHome, CatalogReference } from './types';

/** `GET /admin/home` (any staff role): the caller's roles and what waits for them. */
export function getAdminHome(signal?: AbortSignal): Promise<AdminHome> {
  return unwrap(api.GET('/api/v1/admin/home', { signal }));
}

export function useAdminHome() {
  return useQuery(queryOptions({ queryKey: adminKeys.home(), queryFn: ({ signal }) => getAdminHome(signal), retry: false }));
}

/** `GET /admin/catalog/reference` (admins): every choice the catalogue editor offers. */
export function getCatalogReference(signal?: AbortSignal): Promise<CatalogReference> {
  return unwrap(api.GET('/api/v1/admin/catalog/reference', { signal }));
}

export function useCatalogReference() {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.reference(),
      queryFn: ({ signal }) => getCatalogReference(signal),
      retry: false,
      staleTime: 5 * 60_000,
    }),
  );
}
