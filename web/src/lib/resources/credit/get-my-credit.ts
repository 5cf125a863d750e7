import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { creditKeys } from './query-keys';
import type { CreditAccount } from './types';

/** `GET /me/credit`: the signed-in customer's credit terms, balance, open invoices and history. */
export function getMyCredit(signal?: AbortSignal): Promise<CreditAccount> {
  return unwrap(api.GET('/api/v1/me/credit', { signal }));
}

export const myCreditQueryOptions = () => queryOptions({ queryKey: creditKeys.mine(), queryFn: ({ signal }) => getMyCredit(signal) });

export function useMyCredit(enabled = true) {
  return useQuery({ ...myCreditQueryOptions(), enabled });
}
