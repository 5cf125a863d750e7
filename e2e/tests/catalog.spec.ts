import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { ARTIFACTS_DIR } from './support/paths';
import { saveScreenshots, VIEWPORTS } from './support/screenshots';

// Browsing the demo catalogue as a visitor: home → listing with filters → detail → search.
// Everything below runs against the real release server and its seeded catalogue.

test.describe('catalogue browsing', () => {
  test('the home page shows categories, featured and new products that lead to a product page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: /category/i }).first()).toBeVisible();
    const featured = page.getByRole('list', { name: 'Featured hardware' });
    await expect(featured.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'New in the store' }).getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'catalog-home');

    const firstCard = featured.getByRole('listitem').first();
    const name = (await firstCard.getByRole('heading').first().innerText()).trim();
    await firstCard.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/products\/[a-z0-9-]+/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('filters, sort and page size live in the URL and survive a reload', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
    const count = page.locator('.listing__count');
    await expect(count).toContainText(/Showing 1–\d+ of \d+ products/);
    const allText = await count.innerText();
    const total = Number(/of (\d+)/.exec(allText)![1]);
    expect(total).toBeGreaterThanOrEqual(60);

    const pepwave = page.getByRole('checkbox', { name: /^Pepwave/ });
    await pepwave.click();
    await expect(page).toHaveURL(/brand=pepwave/i);
    await expect(pepwave).toBeChecked();
    await expect(count).not.toHaveText(allText);
    const filtered = Number(/of (\d+)/.exec(await count.innerText())![1]);
    expect(filtered).toBeLessThan(total);
    await expect(page.getByRole('button', { name: /Remove filter .*Pepwave/ })).toBeVisible();

    await page.getByLabel('Sort by').selectOption('price_asc');
    await expect(page).toHaveURL(/sort=price_asc/);
    // The previous page stays on screen while the sorted one loads, so wait for the order to settle.
    const shownPrices = async () =>
      (await page.getByRole('list', { name: 'Products' }).locator('.price__amount').allInnerTexts()).map((text) =>
        Number(text.replace(/[^0-9.]/g, '')),
      );
    await expect
      .poll(async () => {
        const prices = await shownPrices();
        return prices.length > 1 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
      })
      .toBe(true);

    await page.reload();
    await expect(page.getByRole('checkbox', { name: /^Pepwave/ })).toBeChecked();
    await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'catalog-products-filtered');

    await page.getByRole('button', { name: /Remove filter .*Pepwave/ }).click();
    await expect(page).not.toHaveURL(/brand=/);
    await expect(count).toContainText(`of ${total} products`);
  });

  test('a bad filter value in the URL is explained rather than crashing the page', async ({ page, request }) => {
    const api = await request.get('/api/v1/products?page_size=13');
    expect(api.status()).toBe(422);
    expect((await api.json()).code).toBe('validation_failed');
    await page.goto('/products?page_size=13');
    // The app falls back to the default page size instead of showing an error.
    await expect(page.locator('.listing__count')).toContainText(/Showing 1–\d+ of/);
  });

  test('the product page keeps the chosen variant and tab in the URL and serves its downloads', async ({
    page,
    request,
  }) => {
    await page.goto('/products/pepwave-max-br1-mini');
    await expect(page.getByRole('heading', { level: 1, name: 'Pepwave MAX BR1 Mini' })).toBeVisible();
    const cat7 = page.getByRole('radio', { name: /Cat 7/ });
    await cat7.click();
    await expect(page).toHaveURL(/cellular=lte-cat7/);
    await expect(cat7).toBeChecked();
    await expect(page.locator('.buy-box')).toContainText('499.00');

    const tabs = page.getByRole('tablist', { name: 'Product details' });
    await tabs.getByRole('tab', { name: /Download/ }).click();
    await expect(page).toHaveURL(/tab=download/);
    const download = page.getByRole('tabpanel').getByRole('link').first();
    const href = await download.getAttribute('href');
    expect(href).toBeTruthy();
    const file = await request.get(href!);
    expect(file.status()).toBe(200);
    expect((await file.body()).byteLength).toBeGreaterThan(100);

    await page.reload();
    await expect(page.getByRole('tab', { name: /Download/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('radio', { name: /Cat 7/ })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'catalog-product');
  });

  test('a category page lists its products and leads on to a product with every tab', async ({ page }) => {
    await page.goto('/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'All categories' })).toBeVisible();
    await page.getByRole('link', { name: /^Routers\b/ }).first().click();
    await expect(page).toHaveURL(/\/categories\/routers/);
    await expect(page.getByRole('heading', { level: 1, name: 'Routers' })).toBeVisible();
    await expect(page.locator('.listing__count')).toContainText(/Showing 1–\d+ of \d+/);
    await page.getByRole('list', { name: 'Products' }).getByRole('link', { name: 'Pepwave MAX BR1 Pro 5G Prime' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pepwave MAX BR1 Pro 5G Prime' })).toBeVisible();

    const tabs = page.getByRole('tablist', { name: 'Product details' });
    for (const [name, param] of [
      ['Specification', 'specification'],
      ['Package content', 'package-content'],
      ['Download', 'download'],
      ['Custom options', 'custom-options'],
    ] as const) {
      await tabs.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
      await expect(page).toHaveURL(new RegExp(`tab=${param}`));
      await expect(page.getByRole('tabpanel')).toBeVisible();
    }
  });

  test('switching to the US store shows the US price', async ({ page }) => {
    await page.goto('/products/pepwave-max-br1-pro-5g-prime');
    const buyBox = page.locator('.buy-box');
    await expect(buyBox).toContainText('1,499.00');
    await page.getByRole('combobox', { name: 'Store' }).selectOption('us');
    await expect(buyBox).toContainText('1,449.00');
    await page.reload();
    await expect(page.locator('.buy-box')).toContainText('1,449.00');
  });

  test('header search suggests as you type, is keyboard navigable and tolerates a typo', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: /search/i });
    await box.fill('routr');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect(options.first()).toBeVisible();
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Escape');

    await box.fill('routr');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=routr/);
    await expect(page.locator('.listing__count')).toContainText(/of \d+ results|of \d+ products/);
    await expect(page.locator('.product-card').first()).toContainText(/router|Router|MAX|Edge/);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'catalog-search');
  });

  test('a search with no results offers a way on', async ({ page }) => {
    await page.goto('/search?q=qqqzzzxxy');
    await expect(page.getByRole('heading', { name: /No results|nothing|found/i }).first()).toBeVisible();
    await expect(page.getByRole('link').filter({ hasText: /Cloud|Routers|Data Plan/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('on a 360 px screen the filters open in a drawer', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto('/products');
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('checkbox', { name: /^Uplink/ }).first().click();
    await expect(page).toHaveURL(/brand=uplink/i);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'catalog-filters-drawer-mobile-360.png') });
  });

  test('a serial number lookup explains bad serials and leads a known one to what fits it', async ({ page }) => {
    await page.goto('/sn');
    const field = page.getByLabel('Device serial number');
    await field.fill('not a serial');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByText(/isn’t a valid serial number/)).toBeVisible();

    await field.fill('9zzz-1234-abcd');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('heading', { name: /We don’t recognise 9ZZZ-1234-ABCD/ })).toBeVisible();

    await field.fill('2a5p1234abcd');
    await page.getByRole('button', { name: 'Look up' }).click();
    // A known serial leads a guest to the renewal products with the serial filled in (SPEC §8).
    await expect(page).toHaveURL(/\/products\?serial=2A5P-1234-ABCD&for=warranty$/);
    await expect(page.locator('.serial-card__meta')).toContainText('Pepwave MAX BR1 Pro 5G Prime');
    await expect(page.getByRole('list', { name: 'Products for 2A5P-1234-ABCD' }).getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'catalog-serial');
  });
});
