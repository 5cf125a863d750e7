import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/session';
import { invitationKeys } from './get-invitation';
import type { AuthResponse, ClaimInvitation } from './types';

/**
 * `POST /invitations/{token}/claim`: takes over the account a partner's order made (its devices,
 * licences and plans) and signs in. Token mode sends the new password; keycloak mode is signed in
 * with SSO already and sends none. Works once: afterwards 400 `invitation_invalid`.
 */
export function claimInvitation(token: string, body: ClaimInvitation): Promise<AuthResponse> {
  return unwrap(api.POST('/api/v1/invitations/{token}/claim', { params: { path: { token } }, body }));
}

export function useClaimInvitation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClaimInvitation) => claimInvitation(token, body),
    onSuccess: async () => {
      // Signed in as the new account: everything tied to the account, and the store's prices, change.
      await client.resetQueries({ queryKey: authKeys.all });
      await client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== invitationKeys.all[0] });
    },
  });
}
