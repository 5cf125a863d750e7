import { expect, test } from '@playwright/test';
import { csrfToken, ownAddress, signInWithForm } from './support/session';

// #14: signing in from a page that asked for it comes back to that page (one
// `return_to` parameter, written and read by one helper each).

test.use({ extraHTTPHeaders: ownAddress(1) });

test('signing in from checkout comes back to checkout with the cart kept', async ({ page }) => {
  await page.goto('/');
  const added = await page.request.post('/api/v1/cart/lines', {
    data: { sku: 'MAX-BR1-PRO-5G-PRM', qty: 1 },
    headers: { 'X-CSRF-Token': await csrfToken(page) },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Sign in to check out' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
  await expect(page).toHaveURL(/\/login\?return_to=%2Fcheckout$/);
  await signInWithForm(page, 'customer@uplink.test');

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Shipping information' })).toBeVisible();
});

test('signing in from /order comes back to the order list', async ({ page }) => {
  await page.goto('/order');
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?return_to=%2Forder$/);
  await signInWithForm(page, 'customer@uplink.test');

  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  await expect(page.getByRole('search', { name: 'Filter orders' })).toBeVisible();
});

test('signing in from a staff page comes back to it', async ({ page }) => {
  await page.goto('/admin/errors');
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?return_to=%2Fadmin%2Ferrors$/);
  await signInWithForm(page, 'admin@uplink.test');

  await expect(page).toHaveURL(/\/admin\/errors$/);
  await expect(page.getByRole('heading', { level: 1, name: /Error/ })).toBeVisible();
});

test('the header sign-in link comes back to the product page', async ({ page }) => {
  await page.goto('/products');
  const first = page.locator('main a[href^="/products/"]').first();
  const href = await first.getAttribute('href');
  await page.goto(href!);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?return_to=${encodeURIComponent(href!)}$`));
  await signInWithForm(page, 'customer@uplink.test');
  await expect(page).toHaveURL(new RegExp(`${href!}$`));
});

test('a foreign return address is refused: signing in lands on the account page', async ({ page }) => {
  await page.goto('/login?return_to=https%3A%2F%2Fevil.example%2Fsteal');
  await signInWithForm(page, 'customer@uplink.test');
  await expect(page).toHaveURL(/\/account$/);
});
