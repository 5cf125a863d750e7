import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { groupChunkPattern } from './support/chunks';
import { measureLayout, waitForSettledPage } from './support/layout';
import { saveScreenshots, VIEWPORTS } from './support/screenshots';
import { csrfToken, ownAddress, signInViaApi } from './support/session';

// The MOBILE screen group end to end (issue 30, SPEC §12), in the app's web view size: the app's
// backend mints a single-use token with an integration key, /mobile#token=… signs the customer in
// and forgets the token; plans for a device go through their own cart and checkout (test card,
// then 3-D Secure, which comes back to the mobile page) and land on the device; a care plan for
// the device whose warranty ends soon extends it to the date shown before buying; the three
// rewards pages; a used token gets the "open this page again from the app" screen.

const CUSTOMER = 'customer@uplink.test';
const ADMIN = 'admin@uplink.test';
const PLAN_DEVICE = '1824-DEMO-0001';
const EXPIRING_DEVICE = '2A5P-DEMO-0002';

test.describe.configure({ mode: 'serial' });

let secret = '';
let firstToken = '';
let page: Page;
let planSku = '';

/** An integration key made by the admin through the API: the app's backend holds its secret. */
async function integrationKey(browser: Browser): Promise<string> {
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress(30) });
  const admin = await context.newPage();
  await admin.goto('/');
  await signInViaApi(admin.request, ADMIN);
  const res = await admin.request.post('/api/v1/admin/integration-keys', {
    data: { name: `mobile-e2e-${Date.now().toString(36)}` },
    headers: { 'X-CSRF-Token': await csrfToken(admin) },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { secret: string };
  await context.close();
  return body.secret;
}

/** `POST /app/tokens` as the app's backend: a token for the customer, valid five minutes, once. */
async function mintToken(p: Page): Promise<string> {
  const res = await p.request.post('/api/v1/app/tokens', {
    data: { email: CUSTOMER },
    headers: { Authorization: `Bearer ${secret}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** Axe, no sideways scrolling or covered controls at 360 px, and screenshots at 360 and 1280. */
async function checkPage(p: Page, name: string) {
  await waitForSettledPage(p);
  await expectNoSeriousA11yViolations(p);
  const layout = await measureLayout(p);
  expect(layout.scrollWidth, `${name} scrolls sideways at 360 px`).toBeLessThanOrEqual(layout.viewportWidth);
  expect(layout.covered, `${name}: covered controls`).toEqual([]);
  await saveScreenshots(p, `mobile-${name}`);
}

async function payByCard(p: Page, number: string) {
  await p.getByRole('radio', { name: /Credit Card/ }).check();
  await p.getByLabel('Card number').fill(number);
  await p.getByLabel('Expiry (MM/YY)').fill('12/30');
  await p.getByLabel('Security code').fill('123');
}

interface DeviceDto {
  warranty_ends_at: string;
  subscriptions: { sku: string; expires_at: string; active: boolean; remaining_mb?: number | null }[];
}
async function deviceOf(p: Page, serial: string): Promise<DeviceDto> {
  const res = await p.request.get(`/api/v1/me/devices/${serial}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as DeviceDto;
}

test.beforeAll(async ({ browser }) => {
  secret = await integrationKey(browser);
  const context = await browser.newContext({ viewport: VIEWPORTS.mobile, extraHTTPHeaders: ownAddress(31) });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page.context().close();
});

test('the app’s token signs the customer in and leaves neither the address bar nor the history', async () => {
  firstToken = await mintToken(page);
  const js: { url: string; bytes: number }[] = [];
  const onResponse = (response: import('@playwright/test').Response) => {
    if (response.url().endsWith('.js')) {
      void response.request().sizes().then((s) => js.push({ url: response.url(), bytes: s.responseBodySize + s.responseHeadersSize }));
    }
  };
  page.on('response', onResponse);
  await page.goto(`/mobile#token=${firstToken}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your devices and plans' })).toBeVisible();
  expect(page.url()).not.toContain('token');
  expect(await page.evaluate(() => window.location.hash)).toBe('');
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  // /mobile's JavaScript until idle: its own group, never the main group's (SPEC §11, §12).
  expect(js.some((r) => groupChunkPattern('mobile').test(r.url))).toBe(true);
  expect(js.filter((r) => groupChunkPattern('main').test(r.url))).toEqual([]);
  const kb = js.reduce((sum, r) => sum + r.bytes, 0) / 1024;
  console.log(`mobile: /mobile transferred ${kb.toFixed(1)} KB of JavaScript until idle (${js.length} files)`);
  test.info().annotations.push({ type: 'mobile-js-kb', description: kb.toFixed(1) });

  // The history entry was replaced: back leaves the app's page, forward comes back without the token.
  await page.goBack();
  expect(page.url()).not.toContain('token');
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Your devices and plans' })).toBeVisible();
  expect(page.url()).toMatch(/\/mobile$/);

  // Devices and plans at a glance, entries to plans, warranties and rewards; no site header or footer.
  await expect(page.getByRole('heading', { name: 'Devices', exact: true })).toBeVisible();
  await expect(page.getByText(PLAN_DEVICE).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Shop' }).getByRole('link')).toHaveText([/Plans/, /Warranties/, /Rewards/]);
  await expect(page.getByRole('search')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await checkPage(page, 'home');
});

test('a plan for a chosen device goes through the plans cart and checkout and lands on the device', async () => {
  const before = await deviceOf(page, PLAN_DEVICE);
  await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: /^Plans/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  // A cloud plan the device can take, chosen on its card, with the stacking preview.
  const card = page.getByTestId('plan-card').filter({ hasText: PLAN_DEVICE }).filter({ hasText: /SpeedFusion Cloud/ }).first();
  await expect(card).toBeVisible();
  const sku = (await card.getAttribute('data-sku'))!;
  planSku = sku;
  const device = card.getByLabel('Device');
  if (await device.count()) await device.selectOption(PLAN_DEVICE);
  await expect(card.locator('.stacking-note--ok')).toBeVisible();
  await checkPage(page, 'product-plans');
  await card.getByRole('button', { name: /Add to cart/ }).click();
  await card.getByRole('link', { name: 'Go to the cart' }).click();

  await expect(page).toHaveURL(/\/mobile\/product-plans\/cart$/);
  await expect(page.getByTestId('cart-line').filter({ hasText: PLAN_DEVICE })).toBeVisible();
  await checkPage(page, 'plans-cart');
  await page.getByRole('link', { name: 'Check out' }).click();

  await expect(page).toHaveURL(/\/mobile\/product-plans\/checkout$/);
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await payByCard(page, '4242 4242 4242 4242');
  await checkPage(page, 'plans-checkout');
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/mobile\/checkout-success\?order=UL-\d{6}&cart=mobile-plans$/);
  await expect(page.getByTestId('order-number')).toHaveText(/UL-\d{6}/);
  await checkPage(page, 'checkout-success');

  // The plan is on the device: its expiry moved on.
  await expect
    .poll(async () => {
      const sub = (await deviceOf(page, PLAN_DEVICE)).subscriptions.find((s) => s.sku === sku || s.active);
      const old = before.subscriptions.find((s) => s.sku === sku || s.active);
      return Boolean(sub && (!old || sub.expires_at > old.expires_at));
    })
    .toBe(true);
  // The main cart was not touched by the app's cart.
  const main = (await (await page.request.get('/api/v1/cart')).json()) as { lines: { product: { sku: string } }[] };
  expect(main.lines.some((l) => l.product.sku === sku)).toBe(false);
});

test('3-D Secure comes back to the mobile checkout, never the main store', async () => {
  await page.goto('/mobile/product-plans');
  // The same plan again on the same device: it stacks (SPEC §4.3).
  const card = page.locator(`[data-testid="plan-card"][data-sku="${planSku}"]`);
  const device = card.getByLabel('Device');
  if (await device.count()) await device.selectOption(PLAN_DEVICE);
  await card.getByRole('button', { name: /Add to cart/ }).click();
  await card.getByRole('link', { name: 'Go to the cart' }).click();
  await page.getByRole('link', { name: 'Check out' }).click();
  await payByCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/gateway\/test\/3ds\//);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/mobile\/checkout-success\?order=UL-\d{6}&cart=mobile-plans$/);
  await expect(page.getByTestId('order-number')).toBeVisible();
});

test('a care plan for the device whose warranty ends soon extends it to the date shown before buying', async () => {
  await page.goto('/mobile/warranties');
  await expect(page.getByRole('heading', { level: 1, name: 'Warranties' })).toBeVisible();
  const device = page.getByTestId('warranty-device').filter({ hasText: EXPIRING_DEVICE });
  await expect(device).toContainText('Coverage ends soon');
  // The device that needs it most comes first.
  await expect(page.getByTestId('warranty-device').first()).not.toContainText('Covered until');
  const option = device.getByTestId('care-option').first();
  const shown = (await option.getByTestId('new-coverage').locator('strong').textContent())!;
  await checkPage(page, 'warranties');
  await option.getByRole('button', { name: /Add to cart/ }).click();
  await option.getByRole('link', { name: 'Go to the cart' }).click();
  await expect(page).toHaveURL(/\/mobile\/warranties\/cart$/);
  await checkPage(page, 'warranties-cart');
  await page.getByRole('link', { name: 'Check out' }).click();
  await expect(page).toHaveURL(/\/mobile\/warranties\/checkout$/);
  await payByCard(page, '4242 4242 4242 4242');
  await checkPage(page, 'warranties-checkout');
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/mobile\/checkout-success\?order=UL-\d{6}&cart=mobile-warranties$/);
  const fmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  await expect.poll(async () => fmt.format(new Date((await deviceOf(page, EXPIRING_DEVICE)).warranty_ends_at))).toBe(shown);
});

test('checkout hub and the three rewards pages', async () => {
  await page.goto('/mobile/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await checkPage(page, 'checkout');

  await page.goto('/mobile');
  await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: /^Rewards/ }).click();
  await expect(page).toHaveURL(/\/mobile\/referral-rewards$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Invite friends' })).toBeVisible();
  await expect(page.getByTestId('referral-code')).toHaveText(/^[A-Z0-9]{8}$/);
  await expect(page.getByTestId('rewards-summary')).toBeVisible();
  await checkPage(page, 'referral-rewards');

  await page.getByRole('navigation', { name: 'Rewards' }).getByRole('link', { name: 'Coupons' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reward coupons' })).toBeVisible();
  await checkPage(page, 'referral-reward-coupons');
  // Clara's available coupon rewards (from Jonas's order, demo data) become one coupon code.
  await page.getByRole('button', { name: /^Turn .* into a coupon$/ }).click();
  await expect(page.getByTestId('new-coupon-code')).toHaveText(/\S{6,}/);

  await page.getByRole('navigation', { name: 'Rewards' }).getByRole('link', { name: 'Cloud plan rewards' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cloud plan rewards' })).toBeVisible();
  await checkPage(page, 'sfc-referral-rewards');
});

test('a used token, or none, gets the screen that sends the customer back to the app', async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORTS.mobile, extraHTTPHeaders: ownAddress(32) });
  const other = await context.newPage();
  await other.goto(`/mobile/product-plans#token=${firstToken}`);
  await expect(other.getByRole('heading', { level: 1, name: 'Open this page again from the app' })).toBeVisible();
  await expect(other.getByText(/already been used or has expired/)).toBeVisible();
  await expect(other.getByRole('textbox')).toHaveCount(0);
  expect(other.url()).not.toContain('token');
  await checkPage(other, 'open-from-app');
  await context.close();
});
