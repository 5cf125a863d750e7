import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { saveScreenshots } from './support/screenshots';
import { ownAddress, signInViaApi } from './support/session';

// "Buy" on /speedfusioncloud (SPEC §11, §4.3) against the real server and its demo data:
// customer@uplink.test's 1824-DEMO-0001 has a SpeedFusion Cloud plan with 62 GB left and
// 2933-DEMO-0003 has none.

const PLAN_SKU = 'SFC-20GB-1M';
const PLAN_NAME = 'SpeedFusion Cloud 20 GB / 1 month';
const UNLIMITED_SKU = 'SFC-UNLTD-1M';
const UNLIMITED_NAME = 'SpeedFusion Cloud Unlimited — 1 month';

async function openBuy(page: Page, sku = PLAN_SKU, name = PLAN_NAME) {
  await page.goto('/speedfusioncloud');
  const row = page.getByRole('listitem').filter({ hasText: sku });
  await row.getByRole('button', { name: `Buy ${name}` }).click();
  const panel = page.getByRole('region', { name: `Buy ${name}` });
  await expect(panel).toBeVisible();
  await expect(page.getByRole('button', { name: `Close ${name}` })).toHaveAttribute('aria-expanded', 'true');
  return panel;
}

test.describe('buying a SpeedFusion Cloud plan for a device', () => {
  test.use({ extraHTTPHeaders: ownAddress(11) });

  test('a customer picks a device with a plan at 360 px, sees what carries over, and the cart holds the plan for that serial', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInViaApi(page.request, 'customer@uplink.test');
    const panel = await openBuy(page);
    const picker = panel.getByLabel('Device', { exact: true });
    await picker.selectOption('2933-DEMO-0003');
    await expect(panel).toContainText(/Starts a new plan: 20 GB until \d{1,2} \w+ \d{4}\./);
    await picker.selectOption('1824-DEMO-0001');
    // What carries over depends on the plan's data left (another spec may have topped it up):
    // the 20 GB plan adds exactly 20 GB to it.
    const carry = panel.getByText(/Carries \d+ GB, new expiry \d{1,2} \w+ \d{4} \(\d+ GB in all\)\./);
    await expect(carry).toBeVisible();
    const [, left, all] = /Carries (\d+) GB.*\((\d+) GB in all\)/.exec((await carry.textContent()) ?? '') ?? [];
    expect(Number(all) - Number(left)).toBe(20);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'speedfusion-buy-preview');

    await panel.getByRole('button', { name: 'Add to cart' }).click();
    await expect(panel.getByRole('status')).toContainText(`Added ${PLAN_NAME} for 1824-DEMO-0001 to your cart.`);
    await panel.getByRole('link', { name: 'View cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const line = page.getByTestId('cart-line').filter({ hasText: PLAN_NAME });
    await expect(line).toContainText('1824-DEMO-0001');
    await saveScreenshots(page, 'speedfusion-buy-cart');
  });

  test('an Unlimited plan on a device with a data plan: the preview refuses it, and so does the cart', async ({ page }) => {
    await signInViaApi(page.request, 'customer@uplink.test');
    const panel = await openBuy(page, UNLIMITED_SKU, UNLIMITED_NAME);
    const picker = panel.getByLabel('Device', { exact: true });
    await picker.selectOption('1824-DEMO-0001');
    await expect(panel).toContainText(/1824-DEMO-0001 has an active SpeedFusion Cloud plan until \d{1,2} \w+ \d{4}.*cannot be combined/);
    await panel.getByRole('button', { name: 'Add to cart' }).click();
    // The cart's own refusal sits next to the field.
    await expect(picker).toHaveAttribute('aria-invalid', 'true');
    await expect(picker).toHaveAccessibleDescription(/1824-DEMO-0001 has an active .*Buy this plan after it expires/);
    await expect(panel.getByRole('status')).toHaveCount(0);
    await saveScreenshots(page, 'speedfusion-buy-not-stackable');
  });

  test('a guest types a serial: checked as typed, no preview of the device, added with the serial', async ({ page }) => {
    const panel = await openBuy(page);
    const field = panel.getByLabel('Device serial number');
    await field.fill('12-34');
    await panel.getByRole('button', { name: 'Add to cart' }).click();
    await expect(field).toHaveAccessibleDescription(/isn’t a valid serial number/);
    await field.fill('1824 abcd 7777');
    await expect(panel).toContainText('If this device already has a plan, the data and time are added to it.');
    await panel.getByRole('button', { name: 'Add to cart' }).click();
    await expect(panel.getByRole('status')).toContainText('for 1824-ABCD-7777');
    await expect(field).toHaveValue('1824-ABCD-7777');
    await page.getByRole('button', { name: `Close ${PLAN_NAME}` }).click();
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Buy ${PLAN_NAME}` })).toBeFocused();
  });
});
