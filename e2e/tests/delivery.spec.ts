import { expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { saveScreenshots } from './support/screenshots';

// Delivery on payment (SPEC §7): what a paid digital order delivers appears on the
// thank-you and order pages within seconds — a licence key with its certificate, an
// eSIM with a QR code that reads back as its activation code.

async function csrf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'uplink_csrf')?.value ?? '';
}

async function signUp(page: Page): Promise<void> {
  const email = `e2e-dlv-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await page.request.post('/api/v1/auth/register', {
    data: { email, password: 'e2e-password-123', name: 'E2E Buyer', country: 'DE' },
  });
  expect(res.status()).toBe(201);
}

async function addLine(page: Page, line: Record<string, unknown>) {
  const res = await page.request.post('/api/v1/cart/lines', { data: line, headers: { 'X-CSRF-Token': await csrf(page) } });
  expect(res.status(), await res.text()).toBe(201);
}

/** A serial of a BR1 Mini nobody holds yet. */
function freshSerial(): string {
  const part = () => Math.random().toString(36).slice(2, 6).toUpperCase().padEnd(4, 'X');
  return `1824-${part()}-${part()}`;
}

/** Billing address (a digital-only cart ships nothing), the test card, place the order. */
async function checkoutByCard(page: Page) {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Billing information' })).toBeVisible();
  await page.getByLabel('Full name').fill('E2E Buyer');
  await page.getByLabel('Address line 1').fill('Hauptstrasse 1');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Postal code').fill('10115');
  await page.getByLabel('Country code').fill('DE');
  await page.getByLabel('Phone').fill('030123456789');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await page.getByRole('radio', { name: /Credit Card/ }).check();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Review order' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirm-order$/);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you\?order=UL-\d{6}/);
  return (await page.getByTestId('order-number').textContent())!.trim();
}

test('a licence bought by card shows its key on the order page and its certificate downloads', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page);
  const serial = freshSerial();
  await addLine(page, { sku: 'LIC-SF-BOND', serials: [serial] });
  const number = await checkoutByCard(page);

  // The thank-you page polls until the key exists (delivery runs right after the payment).
  const key = page.getByTestId('licence-key');
  await expect(key).toContainText(serial, { timeout: 15_000 });
  await expect(page.getByTestId('deliverables').getByRole('status').first()).toContainText('Delivered');
  const keyText = (await key.locator('code').textContent())!.trim();
  expect(keyText).toMatch(/^UPL(-[2-9A-HJ-NP-Z]{5}){4}$/);
  await key.getByRole('button', { name: `Copy licence key for ${serial}` }).click();
  await expect(key.getByRole('button', { name: `Copy licence key for ${serial}` })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(keyText);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'delivery-thank-you-licence');

  await page.goto(`/order/${number}`);
  await expect(page.getByTestId('licence-key')).toContainText(keyText);
  await expect(page.getByRole('heading', { name: new RegExp(`Order ${number}`) })).toContainText('Completed');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'delivery-order-licence');

  // The certificate: a real PDF, for this buyer.
  const href = await page.getByRole('link', { name: /licence certificate/ }).getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  expect(body.length).toBeGreaterThan(2000);
});

test('an eSIM bought by card shows a QR code that reads back as its activation code', async ({ page }) => {
  await signUp(page);
  await addLine(page, { sku: 'ESIM-GLOBAL', qty: 1 });
  const number = await checkoutByCard(page);

  const esim = page.getByTestId('esim');
  await expect(esim).toBeVisible({ timeout: 15_000 });
  const qr = esim.getByRole('img', { name: /QR code of the activation code/ });
  await expect(qr).toBeVisible();
  // The image really loaded in the page.
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const code = (await esim.locator('code').textContent())!.trim();
  expect(code).toMatch(/^LPA:1\$smdp\.uplink\.example\$[0-9A-Z]{5}(-[0-9A-Z]{5}){4}$/);

  const png = await page.request.get((await qr.getAttribute('src'))!);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  const image = PNG.sync.read(await png.body());
  const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  expect(decoded?.data).toBe(code);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'delivery-thank-you-esim');

  await page.goto(`/order/${number}`);
  await expect(page.getByTestId('esim').locator('code')).toHaveText(code);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'delivery-order-esim');
});
