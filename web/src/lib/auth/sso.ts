/** Full-page URL that starts the OpenID Connect sign-in (keycloak mode) and comes back to `returnTo`. */
export function ssoStartUrl(returnTo: string): string {
  return `/api/v1/auth/oidc/start?${new URLSearchParams({ return_to: returnTo }).toString()}`;
}
