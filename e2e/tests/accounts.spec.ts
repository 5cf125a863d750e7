import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { linkIn, mailDir, waitForMail } from './support/mail';
import { saveScreenshots } from './support/screenshots';

// Accounts end to end (issue 4) against the real release server started by scripts/e2e.sh, which
// also starts a real SMTP server (E2E_MAIL_DIR) and a keycloak-mode server (E2E_KEYCLOAK_URL)
// signing in through a real OpenID Connect provider.

const PASSWORD = 'correct horse battery';
let ipCounter = 0;

/** Each test is its own client address (the server trusts X-Forwarded-For in e2e), so sign-in limits per IP stay apart. */
function ownAddress(): Record<string, string> {
  ipCounter += 1;
  return { 'X-Forwarded-For': `198.51.100.${(process.pid % 50) * 5 + ipCounter}` };
}

/** A form field by its label; required fields' labels end in " *". */
function field(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Registers through the API with the page's cookies, so the browser is signed in afterwards. */
async function registerViaApi(request: APIRequestContext, email: string, country = 'DE'): Promise<void> {
  const res = await request.post('/api/v1/auth/register', {
    data: { email, password: PASSWORD, name: 'Erin Example', country },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The page fits a 360 px wide phone: nothing scrolls sideways. */
async function expectFitsPhone(page: Page): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${page.url()} is wider than 360 px`).toBeLessThanOrEqual(360);
  if (original) await page.setViewportSize(original);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(field('E-mail')).fill(email);
  await page.getByLabel(field('Password')).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The server's answer to the next bookmark PUT or DELETE (register before the click: the toggle is optimistic). */
function bookmarkAnswer(page: Page, method: 'PUT' | 'DELETE') {
  return page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith('/api/v1/me/bookmarks/') && r.request().method() === method,
  );
}

async function signOutFromHeader(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test.describe('accounts (token mode)', () => {
  test.use({ extraHTTPHeaders: ownAddress() });

  test('register → sign out → sign in, coming back to the page asked for', async ({ page }) => {
    const email = uniqueEmail('erin');
    await page.goto('/account/settings');
    await expect(page).toHaveURL(/\/login\?return_to=%2Faccount%2Fsettings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Uplink' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectFitsPhone(page);
    await saveScreenshots(page, 'accounts-login');

    await page.getByRole('navigation', { name: 'Sign in or register' }).getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel(field('Name'))).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'accounts-register-errors');

    await page.getByLabel(field('Name')).fill('Erin Example');
    await page.getByLabel(field('E-mail')).fill(email);
    await page.getByLabel(field('Password')).fill(PASSWORD);
    await page.getByLabel(field('Country')).selectOption('DE');
    await page.getByLabel('Company (optional)').fill('Example GmbH');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/account\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Erin' })).toBeVisible();

    await signOutFromHeader(page);
    await expect(page).toHaveURL(/\/$/);
    const me = await page.request.get('/api/v1/me');
    expect(me.status()).toBe(401);

    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?return_to=%2Faccount$/);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/account$/);
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(profile).toContainText(email);
    await expect(profile).toContainText('Example GmbH');
    await expect(profile).toContainText('Global store (DE)');
    await expectNoSeriousA11yViolations(page);
    await expectFitsPhone(page);
    await saveScreenshots(page, 'accounts-dashboard');
  });

  test('settings: profile, country decides the store, data export, delete account', async ({ page }) => {
    const email = uniqueEmail('sam');
    await registerViaApi(page.request, email);
    await page.goto('/account/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();

    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('Phone').fill('+49 30 1234567');
    await profile.getByLabel(field('Country')).selectOption('US');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Saved. You now shop in the US store.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Store' })).toHaveValue('us');
    await expectNoSeriousA11yViolations(page);
    await expectFitsPhone(page);
    await saveScreenshots(page, 'accounts-settings');

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloadPromise;
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { email: string; country: string } };
    expect(exported.account).toMatchObject({ email, country: 'US' });

    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog.getByText('That isn’t your password.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

    await page.goto('/login');
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('don’t match');
  });

  test('address book: create, edit, default shipping and billing, delete', async ({ page }) => {
    await registerViaApi(page.request, uniqueEmail('ada'), 'US');
    await page.goto('/account/address-book');
    await expect(page.getByText('No addresses yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add an address' }).click();
    let form = page.getByRole('form', { name: 'New address' });
    await form.getByLabel(field('Country')).selectOption('US');
    await form.getByLabel('Full name').fill('Ada Lovelace');
    await form.getByLabel('Street and number').fill('1 Market Street');
    await form.getByLabel('City').fill('San Francisco');
    await form.getByLabel('State').selectOption('CA');
    await form.getByLabel('ZIP code').fill('9410');
    await form.getByLabel('Phone').fill('415 555 0100');
    await form.getByRole('button', { name: 'Add address' }).click();
    await expect(form.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'accounts-address-form');
    await form.getByLabel('ZIP code').fill('94105');
    await form.getByRole('button', { name: 'Add address' }).click();

    const home = page.getByRole('article', { name: /Ada Lovelace, 1 Market Street/ });
    await expect(home).toContainText('Default shipping');
    await expect(home).toContainText('Default billing');
    await expect(home).toContainText('San Francisco, CA 94105');

    await home.getByRole('button', { name: 'Edit' }).click();
    form = page.getByRole('form', { name: 'Edit address' });
    await form.getByLabel('City').fill('Oakland');
    await form.getByLabel('ZIP code').fill('94607');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(home).toContainText('Oakland, CA 94607');

    await page.getByRole('button', { name: 'Add an address' }).click();
    form = page.getByRole('form', { name: 'New address' });
    await form.getByLabel(field('Country')).selectOption('DE');
    await form.getByLabel('Full name').fill('Ada at the office');
    await form.getByLabel('Street and number').fill('Friedrichstraße 10');
    await form.getByLabel('City').fill('Berlin');
    await form.getByLabel('Postal code').fill('10117');
    await form.getByLabel('Phone').fill('+49 30 555 0100');
    await form.getByRole('button', { name: 'Add address' }).click();
    const office = page.getByRole('article', { name: /Ada at the office/ });
    await expect(office).toBeVisible();
    await expect(office).not.toContainText('Default');

    await office.getByRole('button', { name: 'Make default shipping' }).click();
    await expect(office).toContainText('Default shipping');
    await expect(home).not.toContainText('Default shipping');
    await expect(home).toContainText('Default billing');
    await expect(page.getByText('2 of 50 addresses')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectFitsPhone(page);
    await saveScreenshots(page, 'accounts-address-book');

    await home.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
    await dialog.getByRole('button', { name: 'Delete address' }).click();
    await expect(home).toHaveCount(0);
    await expect(page.getByText('1 of 50 addresses')).toBeVisible();
  });

  test('bookmark from a product page, list it, remove it', async ({ page }) => {
    const listing = await (await page.request.get('/api/v1/products?store=global&page_size=24')).json();
    const product = listing.items[0] as { slug: string; name: string };

    // A guest is sent to sign in first and brought back.
    await page.goto(`/products/${product.slug}`);
    await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?return_to=%2Fproducts%2F${product.slug}$`));

    await registerViaApi(page.request, uniqueEmail('bo'));
    await page.goto(`/products/${product.slug}`);
    const toggle = page.getByRole('button', { name: /^Bookmark(ed)?$/ });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    const saved = bookmarkAnswer(page, 'PUT');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toHaveText('Bookmarked');
    // Shown at once (optimistic): leave the page only once the server has stored it.
    expect((await saved).status()).toBe(200);

    await page.goto('/account/bookmark');
    const item = page.getByRole('list', { name: 'Bookmarked products' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('link', { name: product.name })).toHaveAttribute('href', `/products/${product.slug}`);
    await expectNoSeriousA11yViolations(page);
    await expectFitsPhone(page);
    await saveScreenshots(page, 'accounts-bookmarks');

    const removed = bookmarkAnswer(page, 'DELETE');
    await item.getByRole('button', { name: `Remove ${product.name} from bookmarks` }).click();
    await expect(page.getByText('No bookmarks yet.')).toBeVisible();
    expect((await removed).status()).toBe(204);

    // The heart on a product card toggles too.
    await page.goto('/products');
    const cardToggle = page.getByRole('button', { name: `Bookmark ${product.name}` });
    await expect(cardToggle).toHaveAttribute('aria-pressed', 'false');
    const cardSaved = bookmarkAnswer(page, 'PUT');
    await cardToggle.click();
    await expect(cardToggle).toHaveAttribute('aria-pressed', 'true');
    expect((await cardSaved).status()).toBe(200);
    const list = await (await page.request.get('/api/v1/me/bookmarks')).json();
    expect(list.items.map((b: { product: { slug: string } }) => b.product.slug)).toEqual([product.slug]);
  });
});

test.describe('sign-in challenge', () => {
  test.use({ extraHTTPHeaders: ownAddress() });

  test('five wrong passwords → the browser solves the challenge → back to sign in', async ({ page }) => {
    const email = uniqueEmail('cy');
    await registerViaApi(page.request, email);
    await page.request.post('/api/v1/auth/logout', {
      headers: { 'X-CSRF-Token': (await page.context().cookies()).find((c) => c.name === 'uplink_csrf')!.value },
    });

    await page.goto('/login?return_to=%2Faccount%2Fbookmark');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn(page, email, `wrong password ${attempt}`);
      await expect(page.getByRole('alert')).toContainText('don’t match');
    }
    // Hold the solution at the door long enough to look at the page while it works.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/auth/challenge', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/challenge$/);
    await expect(page.getByRole('heading', { level: 1, name: 'A quick security check' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Security check progress' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Almost done' })).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'accounts-challenge');
    release();

    // Solved in the browser, then back to the kept sign-in URL.
    await expect(page).toHaveURL(/\/login\?return_to=%2Faccount%2Fbookmark$/, { timeout: 30_000 });
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/account\/bookmark$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bookmarks' })).toBeVisible();
  });

  test('the challenge page passes axe', async ({ page }) => {
    // On an idle machine the puzzle is solved in milliseconds and the page moves on; hold the
    // answer back until the page has been checked.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/auth/challenge', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue().catch(() => {});
    });
    await page.goto('/challenge');
    await expect(page.getByRole('heading', { level: 1, name: 'A quick security check' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    release();
  });
});

test.describe('password reset through real e-mail', () => {
  test.use({ extraHTTPHeaders: ownAddress() });
  test.skip(!mailDir(), 'needs the SMTP server started by scripts/e2e.sh');

  test('request → e-mail over SMTP → new password → signed in; old password refused', async ({ page, browser }) => {
    const email = uniqueEmail('rhea');
    // A second browser stays signed in: resetting ends every other session.
    const other = await browser.newContext({ extraHTTPHeaders: ownAddress() });
    const otherPage = await other.newPage();
    await registerViaApi(otherPage.request, email);
    expect((await otherPage.request.get('/api/v1/me')).status()).toBe(200);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/password\/reset$/);
    await expectNoSeriousA11yViolations(page);
    await expectFitsPhone(page);
    await saveScreenshots(page, 'accounts-password-reset');

    // The answer is the same for an unknown address.
    await page.getByLabel(field('E-mail')).fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const unknownAnswer = (await page.getByRole('status').filter({ hasText: 'reset link is on its way' }).textContent())!;
    await page.getByLabel(field('E-mail')).fill(email);
    await page.getByRole('button', { name: 'Send another link' }).click();
    const knownStatus = page.getByRole('status').filter({ hasText: email });
    await expect(knownStatus).toBeVisible();
    expect((await knownStatus.textContent())!.replace(email, 'X')).toBe(unknownAnswer.replace(/\S+@example\.com/, 'X'));

    const mail = await waitForMail(email);
    const link = linkIn(mail, `${new URL(page.url()).origin}/password/reset?token=`);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel(field('New password')).fill('a much newer password');
    await page.getByLabel('Repeat the new password').fill('a much newer password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText(email);

    expect((await otherPage.request.get('/api/v1/me')).status()).toBe(401);
    await other.close();

    // The link works once.
    await page.goto(link);
    await page.getByLabel(field('New password')).fill('yet another password');
    await page.getByLabel('Repeat the new password').fill('yet another password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert')).toContainText('Request a new link');

    await signOutFromHeader(page);
    await page.goto('/login');
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('don’t match');
    await signIn(page, email, 'a much newer password');
    await expect(page).toHaveURL(/\/account$/);
  });
});

test.describe('e-mail change through real e-mail', () => {
  test.use({ extraHTTPHeaders: ownAddress() });
  test.skip(!mailDir(), 'needs the SMTP server started by scripts/e2e.sh');

  test('the new address counts only once its link is opened', async ({ page }) => {
    const email = uniqueEmail('eve');
    const newEmail = uniqueEmail('eve-new');
    await registerViaApi(page.request, email);
    await page.goto('/account/settings');
    const form = page.getByRole('form', { name: 'E-mail address' });
    await form.getByLabel(field('New e-mail address')).fill(newEmail);
    await form.getByLabel(field('Current password')).fill(PASSWORD);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(page.getByRole('status').filter({ hasText: `We sent a confirmation link to ${newEmail}` })).toBeVisible();
    expect((await (await page.request.get('/api/v1/me')).json()).email).toBe(email);

    const mail = await waitForMail(newEmail);
    await page.goto(linkIn(mail, `${new URL(page.url()).origin}/account/settings?email_token=`));
    await expect(page.getByRole('status').filter({ hasText: `Your e-mail address is now ${newEmail}.` })).toBeVisible();
    await expect(page).toHaveURL(/\/account\/settings$/);
    expect((await (await page.request.get('/api/v1/me')).json()).email).toBe(newEmail);
  });
});

test.describe('keycloak mode (OpenID Connect)', () => {
  const keycloak = process.env.E2E_KEYCLOAK_URL;
  test.skip(!keycloak, 'needs the keycloak-mode server started by scripts/e2e.sh');

  test('Sign in with SSO through /sso/callback, then silent sign-in through /check-login.html', async ({ page }) => {
    const email = uniqueEmail('kim');
    await page.goto(`${keycloak}/account/address-book`);
    await expect(page).toHaveURL(`${keycloak}/login?return_to=%2Faccount%2Faddress-book`);
    await expect(page.getByLabel(field('Password'))).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'accounts-login-sso');

    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    // The provider's own sign-in and consent pages.
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(`${keycloak}/account/address-book`);
    await expect(page.getByRole('heading', { level: 1, name: 'Address book' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for SSO' })).toBeVisible();
    const me = await (await page.request.get(`${keycloak}/api/v1/me`)).json();
    expect(me.email).toBe(email);

    // Only /check-login.html may be framed, and only by our own pages.
    const check = await page.request.get(`${keycloak}/check-login.html`);
    expect(check.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(check.headers()['x-frame-options']).toBe('SAMEORIGIN');
    const home = await page.request.get(`${keycloak}/account`);
    expect(home.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

    // Signed out here but still signed in at the provider: a fresh visit (no sign-out remembered)
    // signs in silently through the hidden /check-login.html iframe. The signed-out app may still be
    // reloading its session (and deciding on the check) after the sign-out: forget the sign-out
    // only once it is gone, from a page of ours that runs no app.
    await signOutFromHeader(page);
    await page.goto(`${keycloak}/check-login.html`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    const framed = page.waitForRequest((request) => request.url().startsWith(`${keycloak}/check-login.html?`));
    await page.goto(`${keycloak}/products`);
    await framed;
    await expect(page.getByRole('button', { name: 'Account menu for SSO' })).toBeVisible();
    expect((await page.request.get(`${keycloak}/api/v1/me`)).status()).toBe(200);

    // After an explicit sign-out a fresh visit runs no silent check and leaves the visitor signed
    // out. Forget this tab's "checked once" mark (as a new tab would), so only the remembered
    // sign-out can hold the check back. The check is decided as soon as the app knows the visitor
    // is signed out, which on an account page is also what sends them to /login: by then a check
    // would have begun.
    await signOutFromHeader(page);
    await page.goto(`${keycloak}/check-login.html`);
    await page.evaluate(() => sessionStorage.clear());
    const silentChecks: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${keycloak}/api/v1/auth/oidc/start`)) silentChecks.push(request.url());
    });
    await page.goto(`${keycloak}/account`);
    await expect(page).toHaveURL(`${keycloak}/login?return_to=%2Faccount`);
    await expect(page.getByTitle('Sign-in check')).toHaveCount(0);
    expect(silentChecks).toEqual([]);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect((await page.request.get(`${keycloak}/api/v1/me`)).status()).toBe(401);
  });
});
