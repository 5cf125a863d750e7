import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo accounts' password (`uplink seed-demo`). */
export const DEMO_PASSWORD = 'uplink-demo-1';

let addressCounter = 0;

/**
 * A client address of its own for a test (the e2e server trusts X-Forwarded-For), so sign-in
 * limits per IP in one test never spill into another. Use with `test.use({ extraHTTPHeaders })`.
 */
export function ownAddress(block: number): Record<string, string> {
  addressCounter += 1;
  return { 'X-Forwarded-For': `203.0.113.${(block * 40 + (process.pid % 10) * 4 + addressCounter) % 250}` };
}

/** The CSRF token the server set for this browser (sent back as `X-CSRF-Token` on writes). */
export async function csrfToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'uplink_csrf')?.value ?? '';
}

/** Signs in through the API with the page's cookies (the browser is signed in afterwards). */
export async function signInViaApi(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<void> {
  const res = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Fills and sends the `/login` form as a person would. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(/^E-mail( \*)?$/).fill(email);
  await page.getByLabel(/^Password( \*)?$/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
