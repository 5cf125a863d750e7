import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { measureLayout, waitForSettledPage } from './support/layout';
import { saveScreenshots, VIEWPORTS } from './support/screenshots';
import { ownAddress, signInViaApi } from './support/session';

// #31, back office I: an admin creates a configurable product with an image and a variant on
// /admin, and it is on the storefront and found by search; the admin changes its price in bulk
// from the product list; a sales user cannot open the catalogue (the page says so, the server
// refuses). Each back-office page fits 360 px and 1280 px and passes axe.

const PNG = fileURLToPath(new URL('./fixtures/router.png', import.meta.url));
const tag = Date.now().toString(36).toUpperCase();
const PARENT_SKU = `UL-E2E-KIT-${tag}`;
const VARIANT_SKU = `${PARENT_SKU}-5G`;
const NAME = `Zephyr E2E Kit ${tag}`;

/** Fits both widths (no sideways scroll, nothing covered) and passes axe at each. */
async function checkLayout(page: Page, what: string): Promise<void> {
  // A "saved" notification sits over the page for a few seconds by design: dismiss it first.
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await waitForSettledPage(page);
    const report = await measureLayout(page);
    expect(report.scrollWidth, `${what} at ${label} is ${report.scrollWidth} px wide`).toBeLessThanOrEqual(report.viewportWidth);
    expect(report.covered, `${what} at ${label}: covered controls`).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

test.describe('back office', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ extraHTTPHeaders: ownAddress(31) });
  let productPath = '';

  test('an admin creates a product with an image and a variant: it is on the storefront and found by search', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await signInViaApi(page.request, 'admin@uplink.test');

    // The home: what needs attention, each linking to its page; the whole navigation for an admin.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
    const attention = page.getByTestId('attention');
    await expect(attention.getByRole('link', { name: /orders? to ship/i })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Back office' });
    for (const name of ['Order desk', 'Quotations', 'Products', 'Stores and mini-stores', 'Coupons', 'Referral terms', 'Integration keys', 'Error reports']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await checkLayout(page, '/admin');
    await saveScreenshots(page, 'admin-home');

    await nav.getByRole('link', { name: 'Products', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(page.getByTestId('admin-products')).toBeVisible();
    await checkLayout(page, '/admin/products');
    await saveScreenshots(page, 'admin-products');

    // A configurable parent with an uploaded image.
    await page.getByRole('link', { name: 'New product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    await page.getByLabel(/^Name( \*)?$/).fill(NAME);
    await page.getByLabel(/^SKU( \*)?$/).fill(PARENT_SKU);
    await page.getByLabel('Type', { exact: true }).selectOption('configurable');
    await expect(page.getByRole('checkbox', { name: /^Purchasable/ })).not.toBeChecked();
    await page.getByLabel('Status', { exact: true }).selectOption('active');
    await page.getByLabel(/^Summary/).fill('A test kit made by the back-office e2e spec.');
    await page.getByLabel(/^Description \(Markdown\)/).fill('**Fast** and *small*.');
    await page.getByRole('button', { name: 'Preview the description' }).click();
    await expect(page.getByTestId('markdown-preview').locator('strong')).toHaveText('Fast');
    await page.getByLabel(/^List price \(USD\)/).fill('499');
    await page.getByRole('checkbox', { name: 'Routers', exact: true }).check();
    await page.getByLabel('Add an image').setInputFiles(PNG);
    await expect(page.getByText(/router\.png uploaded/)).toBeVisible();
    await page.getByLabel(/^Alt text of image 1/).fill('The kit from the front');
    await checkLayout(page, '/admin/products/new');
    await saveScreenshots(page, 'admin-product-new');
    await page.getByRole('button', { name: 'Create the product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/[^/]+$/);
    const parentUrl = page.url();

    // Its variant: a SKU, a price and the attribute that tells it apart.
    await page.getByRole('link', { name: 'Add a variant' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `New variant of ${NAME}` })).toBeVisible();
    await page.getByLabel(/^SKU( \*)?$/).fill(VARIANT_SKU);
    await page.getByLabel(/^Name( \*)?$/).fill(`${NAME} 5G`);
    await page.getByLabel(/^List price \(USD\)/).fill('549');
    await page.getByLabel(/^Attribute code/).fill('cellular');
    await page.getByLabel(/^Attribute name/).fill('Cellular');
    await page.getByLabel(/^Value code/).fill('5g');
    await page.getByLabel(/^Value shown/).fill('5G');
    await page.getByRole('button', { name: 'Create the variant' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${NAME} 5G` })).toBeVisible();
    await expect(page.getByTestId('store-prices')).toBeVisible();
    await expect(page.getByTestId('stock-levels')).toBeVisible();
    await checkLayout(page, '/admin/products/:id (variant)');
    await saveScreenshots(page, 'admin-product-variant');

    await page.goto(parentUrl);
    await expect(page.getByTestId('variants').getByRole('link', { name: `${NAME} 5G` })).toBeVisible();
    const storefront = page.getByRole('link', { name: 'View on the storefront' });
    productPath = (await storefront.getAttribute('href')) ?? '';
    expect(productPath).toMatch(/^\/products\//);

    // The storefront: the product page and search (the read model refreshes within a second).
    await expect(async () => {
      await page.goto(productPath);
      await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.locator(`img[alt="The kit from the front"]`).first()).toBeVisible();
    await expect(async () => {
      await page.goto(`/search?q=${encodeURIComponent(`Zephyr E2E Kit ${tag}`)}`);
      await expect(page.getByRole('link', { name: new RegExp(NAME) }).first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  });

  test('an admin lowers a selection’s price by 10 % from the product list', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/');
    await signInViaApi(page.request, 'admin@uplink.test');
    await page.goto(`/admin/products?q=${encodeURIComponent(VARIANT_SKU)}`);
    const table = page.getByTestId('admin-products');
    await expect(table.getByRole('link', { name: `${NAME} 5G` })).toBeVisible();
    // The search is in the URL: a reload shows the same list.
    await page.reload();
    await expect(page.getByLabel('Search SKU or name')).toHaveValue(VARIANT_SKU);
    await table.getByRole('checkbox', { name: `Select ${VARIANT_SKU}` }).check();
    const panel = page.getByTestId('bulk-price');
    await panel.getByLabel(/^Percent/).fill('-10');
    await panel.getByRole('button', { name: 'Preview the change' }).click();
    const preview = page.getByTestId('bulk-preview');
    await expect(preview).toContainText('$549.00');
    await expect(preview).toContainText('$494.10');
    await checkLayout(page, '/admin/products (bulk price)');
    await saveScreenshots(page, 'admin-bulk-price');
    await panel.getByRole('button', { name: 'Apply to 1 product' }).click();
    await expect(page.getByTestId('products-status')).toHaveText('Prices changed for 1 product.');
    await expect(table.getByRole('row', { name: new RegExp(VARIANT_SKU) })).toContainText('$494.10');
  });

  test('the stores, coupons, referral terms and import pages fit 360 px and 1280 px and pass axe', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await signInViaApi(page.request, 'admin@uplink.test');
    const pages: Array<[string, string, string]> = [
      ['/admin/stores', 'Stores and mini-stores', 'admin-stores'],
      ['/admin/stores/global', 'Uplink Store', 'admin-store-edit'],
      ['/admin/coupons', 'Coupons', 'admin-coupons'],
      ['/admin/coupons/new', 'New coupon', 'admin-coupon-new'],
      ['/admin/referral-terms', 'Referral programme terms', 'admin-referral-terms'],
      ['/admin/products/import', 'Import products', 'admin-import'],
    ];
    for (const [path, heading, shot] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await checkLayout(page, path);
      await saveScreenshots(page, shot);
    }
  });

  test('a sales user cannot open the catalogue: a clear page, and the server refuses', async ({ browser }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ extraHTTPHeaders: ownAddress(32) });
    const page = await context.newPage();
    await page.goto('/');
    await signInViaApi(page.request, 'sales@uplink.test');
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Quotations', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Products', exact: true })).toHaveCount(0);
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { level: 1, name: 'You can’t open products' })).toBeVisible();
    await expect(page.getByTestId('admin-forbidden')).toContainText('admin');
    const refused = await page.request.get('/api/v1/admin/products');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('forbidden');
    await checkLayout(page, '/admin/products as sales');
    await saveScreenshots(page, 'admin-forbidden-sales');
    await context.close();
  });
});
