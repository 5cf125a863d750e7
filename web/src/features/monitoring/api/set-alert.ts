import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { usageKeys } from './query-keys';
import type { AlertRequest, AlertResponse, UsageList } from './types';

/** `PUT /me/usage/{id}/alert`: sets (or turns off) the low-data e-mail alert of one item. */
export function setUsageAlert({ id, body }: { id: string; body: AlertRequest }): Promise<AlertResponse> {
  return unwrap(api.PUT('/api/v1/me/usage/{id}/alert', { params: { path: { id } }, body }));
}

/** Saves an alert and writes it into the usage list in place (nothing else on the page changes). */
export function useSetUsageAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUsageAlert,
    onSuccess: ({ alert }, { id }) => {
      queryClient.setQueryData<UsageList>(usageKeys.list(), (list) =>
        list ? { ...list, items: list.items.map((item) => (item.id === id ? { ...item, alert } : item)) } : list,
      );
    },
  });
}
