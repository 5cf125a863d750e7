import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { partnerKeys } from './query-keys';
import type { Payout } from './types';

/**
 * `POST /staff/rebates/{id}/mark-paid` (admins): the partner's available rebates paid as one payout.
 * `amountCents` is the amount staff saw; when it changed meanwhile the answer is 409
 * `version_conflict` with the current `available_cents`.
 */
export function markRebatesPaid(partnerId: string, reference: string, amountCents: number): Promise<Payout> {
  return unwrap(
    api.POST('/api/v1/staff/rebates/{id}/mark-paid', {
      params: { path: { id: partnerId } },
      body: { reference, amount_cents: amountCents },
    }),
  );
}

export function useMarkRebatesPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ partnerId, reference, amountCents }: { partnerId: string; reference: string; amountCents: number }) =>
      markRebatesPaid(partnerId, reference, amountCents),
    onSettled: () => client.invalidateQueries({ queryKey: partnerKeys.staffRebates() }),
  });
}
