/** Full-page URL that starts the OpenID Connect sign-in (keycloak mode) and comes back to `returnTo`. */
export function ssoStartUrl(returnTo: string): string {
  return `/api/v1/auth/oidc/start?${new URLSearchParams({ return_to: returnTo }).toString()}`;
}

/** Full-page URL that starts "Sign in with InControl" / "Link InControl". */
export function incontrolStartUrl(returnTo: string): string {
  return `/api/v1/auth/incontrol/start?${new URLSearchParams({ return_to: returnTo }).toString()}`;
}
