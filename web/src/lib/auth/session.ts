import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type SessionInfo = components['schemas']['SessionInfo'];
export type Me = components['schemas']['Me'];

/** Query keys of everything tied to the signed-in account: invalidate `authKeys.all` on sign-in/out. */
export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
  bookmarks: () => [...authKeys.all, 'bookmarks'] as const,
};

/** `GET /auth/session`: the auth mode (token / keycloak), SSO and InControl availability, and who is signed in. */
export async function getSession(signal?: AbortSignal): Promise<SessionInfo> {
  return unwrap(api.GET('/api/v1/auth/session', { signal }));
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session(),
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** The signed-in account (null for guests, undefined while unknown). */
export function useCurrentUser(): { user: Me | null | undefined; isPending: boolean } {
  const session = useSession();
  if (session.isPending) return { user: undefined, isPending: true };
  if (session.isError) return { user: null, isPending: false };
  return { user: session.data.user ?? null, isPending: false };
}
