import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { Invitation } from './types';

/**
 * Not under `authKeys.all`: claiming signs in and resets the account's queries, and the claimed
 * invitation (now used) must not be asked for again while the page moves on.
 */
export const invitationKeys = {
  all: ['invitation'] as const,
  detail: (token: string) => [...invitationKeys.all, token] as const,
};

/** `GET /invitations/{token}`: the invitation while it can be claimed; used, expired or unknown → 400 `invitation_invalid`. */
export function getInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  return unwrap(api.GET('/api/v1/invitations/{token}', { params: { path: { token } }, signal }));
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: invitationKeys.detail(token), queryFn: ({ signal }) => getInvitation(token, signal), retry: false });

export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQueryOptions(token ?? ''), enabled: token !== null });
}
