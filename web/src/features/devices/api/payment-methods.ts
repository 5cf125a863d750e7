import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { deviceKeys } from '@/lib/resources/devices/query-keys';
import { deviceFeatureKeys } from './query-keys';
import type { PaymentMethod, PaymentMethodList } from './types';

/** `GET /me/payment-methods`: saved cards, the limit and where to tokenise a new one. */
export function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethodList> {
  return unwrap(api.GET('/api/v1/me/payment-methods', { signal }));
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: deviceFeatureKeys.paymentMethods(), queryFn: ({ signal }) => getPaymentMethods(signal) });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}

/** `POST /me/payment-methods` with a fresh gateway token. */
export function savePaymentMethod(token: string): Promise<PaymentMethod> {
  return unwrap(api.POST('/api/v1/me/payment-methods', { body: { token } }));
}

export function useSavePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceFeatureKeys.paymentMethods() }),
  });
}

/** `DELETE /me/payment-methods/{id}`: devices renewing with it stop renewing. */
export function deletePaymentMethod(id: string): Promise<{ stopped_auto_renew: number }> {
  return unwrap(api.DELETE('/api/v1/me/payment-methods/{id}', { params: { path: { id } } }));
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceFeatureKeys.paymentMethods() }),
        queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
      ]),
  });
}
