import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { saveScreenshots } from './support/screenshots';

const PASSWORD = 'uplink-demo-1';

async function signIn(page: Page, email: string) {
  // The browser's own cookie jar: the session cookies land where the page uses them.
  const res = await page.request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

async function cartCount(page: Page) {
  return page.getByTestId('cart-count');
}

/** The server's answer to the next `method` request to a cart-lines URL (register before the click). */
function cartLinesAnswer(page: Page, method: 'POST' | 'PATCH') {
  return page.waitForResponse(
    (r) => /\/api\/v1\/cart\/lines(\/|$)/.test(new URL(r.url()).pathname) && r.request().method() === method,
  );
}

test('a guest adds hardware and a licence with serials, signs in, and finds the cart merged', async ({ page }) => {
  await page.goto('/products/MAX-BR1-PRO-5G-PRM');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('BR1 Pro 5G');
  // The badge moves before the server answers (optimistic); wait for the answer (it sets the guest
  // cart cookie) before leaving the page, or the add may be cut off or start a second guest cart.
  const firstAdd = cartLinesAnswer(page, 'POST');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(await cartCount(page)).toHaveText('1');
  expect((await firstAdd).status()).toBe(201);

  await page.goto('/products/LIC-SF-BOND');
  await page.getByLabel('Serial number 1').fill('1824-aaaa-0001');
  await page.getByRole('button', { name: '+ Add another device' }).click();
  await page.getByLabel('Serial number 2').fill('1824AAAA0002');
  // Answered before the next add and the sign-in below (which merges the guest cart).
  const licenceAdd = cartLinesAnswer(page, 'POST');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(await cartCount(page)).toHaveText('3');
  expect((await licenceAdd).status()).toBe(201);

  // A serial that does not fit the licence is refused by the server with its reason.
  await page.getByLabel('Serial number 1').fill('2A5P-AAAA-0001');
  await page.getByLabel('Serial number 2').fill('1824-AAAA-0009');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'prime' })).toBeVisible();
  await expect(await cartCount(page)).toHaveText('3');

  await signIn(page, 'customer@uplink.test');
  await page.goto('/cart');
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('MAX-BR1-PRO-5G-PRM');
  await expect(lines.nth(1)).toContainText('1824-AAAA-0001');
  await expect(lines.nth(1)).toContainText('1824-AAAA-0002');
  await expect(await cartCount(page)).toHaveText('3');

  // Quantity stepper: the count follows at once, and stays once the server has answered (before
  // the coupon below is applied to the cart).
  const patched = cartLinesAnswer(page, 'PATCH');
  await page.getByRole('button', { name: /Increase quantity of .*BR1 Pro 5G/ }).click();
  await expect(await cartCount(page)).toHaveText('4');
  await expect(lines.nth(0).getByRole('spinbutton')).toHaveValue('2');
  expect((await patched).status()).toBe(200);
  await expect(await cartCount(page)).toHaveText('4');
  await expect(lines.nth(0).getByRole('spinbutton')).toHaveValue('2');

  // A coupon.
  await page.getByLabel('Coupon code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('Coupon WELCOME10')).toBeVisible();
  await expect(page.getByText(/^Discount/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue to checkout' })).toHaveAttribute('href', '/checkout');

  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'cart');
});

test('quick order by CSV adds the valid rows and reports the bad one', async ({ page }) => {
  await page.goto('/quick-order');
  await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download a sample CSV' })).toHaveAttribute('download', 'quick-order-sample.csv');
  await page.getByLabel('Upload a CSV file').setInputFiles({
    name: 'order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('sku,qty,serials\nAP-ONE-AX,2,\nNOPE-SKU-1,1,\nLIC-SF-BOND,1,1824-AAAA-0003\nap-one-ax,1,\n'),
  });
  await expect(page.getByTestId('quick-row')).toHaveCount(4);
  await page.getByRole('button', { name: 'Add all valid rows to cart' }).click();
  await expect(page.getByTestId('quick-summary')).toContainText('2 products were added');
  await expect(page.getByTestId('quick-row')).toHaveCount(1);
  await expect(page.getByTestId('row-error')).toContainText('NOPE-SKU-1');
  await expect(await cartCount(page)).toHaveText('4');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'quick-order');

  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-line').nth(0)).toContainText('AP-ONE-AX');
});

test('a US customer in the Global store is asked to switch, and the cart moves over', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'uplink_store', value: 'global', url: baseURL! }]);
  // As a guest in the Global store: one product both stores sell, one only Global sells.
  await page.goto('/products/MAX-BR1-PRO-5G-PRM');
  // The badge updates optimistically; wait for the answer that sets the guest
  // cart cookie, or the request below would start a second guest cart.
  const firstAdd = cartLinesAnswer(page, 'POST');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  expect((await firstAdd).status()).toBe(201);
  await expect(await cartCount(page)).toHaveText('1');
  const res = await page.request.post('/api/v1/cart/lines', { data: { sku: 'UL-EDGE1-LTE-GL', qty: 2 } });
  expect(res.status(), await res.text()).toBe(201);

  await signIn(page, 'us.customer@uplink.test');
  await page.goto('/cart');
  const dialog = page.getByRole('dialog', { name: 'Switch to the US store?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Switching to the US store empties this cart (3 items)');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'cart-switch-store');

  await dialog.getByRole('button', { name: 'Switch store' }).click();
  const report = page.getByTestId('switch-report');
  await expect(report).toContainText('You’re now shopping in the US store');
  await expect(report).toContainText('UL-EDGE1-LTE-GL');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText('MAX-BR1-PRO-5G-PRM');
  await expect(page.getByText(/Sales tax \(CA/)).toBeVisible();
  await saveScreenshots(page, 'cart-us-store');
});

test('a partner referral code names the partner, changes no price and is shown on the order', async ({ page }) => {
  const email = `e2e-ref-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { email, password: 'e2e-password-123', name: 'E2E Buyer', country: 'DE' },
  });
  expect(registered.status()).toBe(201);
  const csrf = (await page.context().cookies()).find((c) => c.name === 'uplink_csrf')?.value ?? '';
  const added = await page.request.post('/api/v1/cart/lines', {
    data: { sku: 'MAX-BR1-PRO-5G-PRM', qty: 1 },
    headers: { 'X-CSRF-Token': csrf },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto('/cart');
  const box = page.getByRole('region', { name: 'Partner referral code' });
  const total = await page.getByTestId('cart-total').textContent();
  await box.getByRole('textbox', { name: 'Referral code' }).fill('nope');
  await box.getByRole('button', { name: 'Apply referral code' }).click();
  await expect(box.getByText('NOPE is not a partner referral code; check the spelling.').first()).toBeVisible();

  await box.getByRole('textbox', { name: 'Referral code' }).fill('northwind');
  await box.getByRole('button', { name: 'Apply referral code' }).click();
  await expect(box.getByTestId('partner-referral')).toHaveText('Referred by Northwind Networks Ltd (NORTHWIND)');
  await expect(page.getByTestId('cart-total')).toHaveText(total!);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'cart-partner-referral');

  // Placed by bank transfer: the order names the partner.
  const placed = await page.request.post('/api/v1/orders', {
    data: {
      shipping: {
        method: 'priority',
        address: { name: 'E2E Buyer', line1: 'Hauptstrasse 1', city: 'Berlin', postal_code: '10115', country: 'DE', phone: '030123456789' },
      },
      billing: { same_as_shipping: true },
      payment: { method: 'bank_transfer' },
    },
    headers: { 'X-CSRF-Token': csrf, 'Idempotency-Key': `e2e-ref-${Date.now()}` },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { number: string };
  await page.goto(`/order/${order.number}`);
  await expect(page.getByTestId('order-partner-referral')).toContainText('Referred by Northwind Networks Ltd');
});
