import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from './query-keys';
import type { AdminStore, AdminStoreList, NewStore, StoreSave, StoreSelection } from './types';

/** `GET /admin/stores`: every store and the partners mini-stores may belong to. */
export function useAdminStores() {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.stores(),
      queryFn: ({ signal }): Promise<AdminStoreList> => unwrap(api.GET('/api/v1/admin/stores', { signal })),
      retry: false,
    }),
  );
}

export function useAdminStore(code: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.store(code ?? ''),
      queryFn: ({ signal }): Promise<AdminStore> =>
        unwrap(api.GET('/api/v1/admin/stores/{code}', { params: { path: { code: code ?? '' } }, signal })),
      enabled: Boolean(code),
      retry: false,
      refetchOnWindowFocus: false,
    }),
  );
}

export function useCreateStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewStore): Promise<AdminStore> => unwrap(api.POST('/api/v1/admin/stores', { body })),
    onSuccess: (store) => {
      client.setQueryData(adminKeys.store(store.code), store);
      void client.invalidateQueries({ queryKey: adminKeys.stores(), exact: true });
    },
  });
}

/** `PUT /admin/stores/{code}` with the version loaded (409 `version_conflict` when stale). */
export function useSaveStore(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreSave): Promise<AdminStore> =>
      unwrap(api.PUT('/api/v1/admin/stores/{code}', { params: { path: { code } }, body })),
    onSuccess: (store) => {
      client.setQueryData(adminKeys.store(store.code), store);
      void client.invalidateQueries({ queryKey: adminKeys.stores(), exact: true });
    },
  });
}

/** `GET /admin/stores/{code}/products`: the SKUs a `selected` catalogue sells. */
export function useStoreSelection(code: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.storeSelection(code),
      queryFn: ({ signal }): Promise<StoreSelection> =>
        unwrap(api.GET('/api/v1/admin/stores/{code}/products', { params: { path: { code } }, signal })),
      enabled,
      retry: false,
    }),
  );
}

export function useSaveStoreSelection(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreSelection): Promise<StoreSelection> =>
      unwrap(api.PUT('/api/v1/admin/stores/{code}/products', { params: { path: { code } }, body })),
    onSuccess: (selection) => {
      client.setQueryData(adminKeys.storeSelection(code), selection);
      void client.invalidateQueries({ queryKey: adminKeys.stores() });
    },
  });
}
