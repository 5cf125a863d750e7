import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { seedCartLine } from './support/cart-seed';
import { saveScreenshots } from './support/screenshots';

const ROUTER = 'MAX-BR1-PRO-5G-PRM';

async function csrf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'uplink_csrf')?.value ?? '';
}

/** A fresh customer in the global store, signed in in this browser. */
async function signUp(page: Page): Promise<string> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await page.request.post('/api/v1/auth/register', {
    data: { email, password: 'e2e-password-123', name: 'E2E Buyer', country: 'DE' },
  });
  expect(res.status()).toBe(201);
  return email;
}

async function signIn(page: Page, email: string) {
  const res = await page.request.post('/api/v1/auth/login', { data: { email, password: 'uplink-demo-1' } });
  expect(res.status(), await res.text()).toBe(200);
}

async function addToCart(page: Page, sku: string, qty = 1) {
  const res = await page.request.post('/api/v1/cart/lines', {
    data: { sku, qty },
    headers: { 'X-CSRF-Token': await csrf(page) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Units in the cart, as checkout sees them. */
async function cartCount(page: Page): Promise<number> {
  const res = await page.request.get('/api/v1/checkout/options');
  const body = (await res.json()) as { item_count: number };
  return body.item_count;
}

/** Step 1: Priority Shipping to a new German address. */
async function shippingStep(page: Page, screenshots = false) {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Shipping information' })).toBeVisible();
  await page.getByRole('radio', { name: /Priority Shipping/ }).check();
  await page.getByLabel('Full name').fill('E2E Buyer');
  await page.getByLabel('Address line 1').fill('Hauptstrasse 1');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Postal code').fill('10115');
  await page.getByLabel('Country code').fill('DE');
  await page.getByLabel('Phone').fill('030123456789');
  if (screenshots) {
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'checkout-shipping');
  }
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
}

async function payByCard(page: Page, number: string, screenshots = false) {
  await page.getByRole('radio', { name: /Credit Card/ }).check();
  await page.getByLabel('Card number').fill(number);
  await expect(page.getByText('Card brand: Visa')).toBeVisible();
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  if (screenshots) {
    await expect(page.getByText('TEST MODE')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'checkout-payment');
  }
  await page.getByRole('button', { name: 'Review order' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirm-order$/);
}

test('a customer pays by card, sees the thank-you page and finds the order in /order', async ({ page }) => {
  await signUp(page);
  await addToCart(page, ROUTER);
  await shippingStep(page, true);
  await payByCard(page, '4242 4242 4242 4242', true);
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'checkout-confirm');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you\?order=UL-\d{6}/);
  const number = (await page.getByTestId('order-number').textContent())!.trim();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'checkout-thank-you');
  expect(await cartCount(page)).toBe(0);

  await page.goto('/order');
  await expect(page.getByRole('link', { name: number })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'orders-list');
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Order ${number}`) })).toBeVisible();
  await expect(page.getByText('Hauptstrasse 1').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'order-detail');
});

test('a declined card shows FAILED with the reason and keeps the cart', async ({ page }) => {
  await signUp(page);
  await addToCart(page, ROUTER);
  await shippingStep(page);
  await payByCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Place order' }).click();
  const failed = page.locator('div[data-state="FAILED"]');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('declined');
  await expect(failed).toContainText('Your cart is unchanged');
  await saveScreenshots(page, 'checkout-failed');
  expect(await cartCount(page)).toBe(1);
});

test('the 3-D Secure card goes through the confirmation page and places the order', async ({ page }) => {
  await signUp(page);
  await addToCart(page, ROUTER);
  await shippingStep(page);
  await payByCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/gateway\/test\/3ds\//);
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await saveScreenshots(page, 'gateway-3ds');
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you\?order=UL-/);
});

test('PayPal can be cancelled (cart kept) and then approved', async ({ page }) => {
  await signUp(page);
  await addToCart(page, ROUTER);
  await shippingStep(page);
  await page.getByRole('radio', { name: /Paypal Payment/ }).check();
  await page.getByRole('button', { name: 'Review order' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/gateway\/test\/paypal\//);
  await saveScreenshots(page, 'gateway-paypal');
  await page.getByRole('button', { name: 'Cancel and return to Uplink' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment/);
  await expect(page.getByRole('alert')).toContainText('cancelled');
  expect(await cartCount(page)).toBe(1);
  await page.getByRole('radio', { name: /Paypal Payment/ }).check();
  await page.getByRole('button', { name: 'Review order' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you\?order=UL-/);
});

test('a bank transfer shows the bank details and a proforma invoice', async ({ page }) => {
  await signUp(page);
  await addToCart(page, ROUTER);
  await shippingStep(page);
  await page.getByRole('radio', { name: /Bank Transfer/ }).check();
  await page.getByRole('button', { name: 'Review order' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you/);
  await expect(page.getByText('IBAN')).toBeVisible();
  await saveScreenshots(page, 'checkout-bank-transfer');
  const href = await page.getByRole('link', { name: /proforma invoice/i }).getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('credit terms: within the limit the order is placed; over it the method is refused', async ({ page }) => {
  await signIn(page, 'business@uplink.test');
  // Start from an empty cart in the business customer's store.
  await addToCart(page, ROUTER);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Priority Shipping/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('radio', { name: /Credit Terms Payment/ }).check();
  await expect(page.getByText(/available credit/)).toBeVisible();
  await page.getByRole('button', { name: 'Review order' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you/);

  // A cart above the remaining credit (put in directly: 40 routers may be more than the stock the cart
  // API would accept): the method is shown but refused with the reason.
  const me = (await (await page.request.get('/api/v1/me')).json()) as { id: string; home_store: string };
  seedCartLine(me.id, me.home_store, ROUTER, 40);
  await page.goto('/checkout/payment');
  const credit = page.getByRole('radio', { name: /Credit Terms Payment/ });
  await expect(credit).toBeDisabled();
  await expect(page.getByText(/more than your available credit/)).toBeVisible();
  await saveScreenshots(page, 'checkout-credit-over-limit');
});
