/** Full-page URL that starts "Sign in with InControl" / "Link InControl". */
export function incontrolStartUrl(returnTo: string): string {
  return `/api/v1/auth/incontrol/start?${new URLSearchParams({ return_to: returnTo }).toString()}`;
}
