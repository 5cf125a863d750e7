import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from './query-keys';
import type { ReferralTerms } from './types';

export function useReferralTerms() {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.referralTerms(),
      queryFn: ({ signal }): Promise<ReferralTerms> => unwrap(api.GET('/api/v1/admin/referral-terms', { signal })),
      retry: false,
    }),
  );
}

export function useSaveReferralTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferralTerms): Promise<ReferralTerms> => unwrap(api.PUT('/api/v1/admin/referral-terms', { body })),
    onSuccess: (terms) => client.setQueryData(adminKeys.referralTerms(), terms),
  });
}
