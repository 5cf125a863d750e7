import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { saveScreenshots } from './support/screenshots';
import { ownAddress, signInViaApi } from './support/session';

// Device management end to end (issue 15) against the real release server and its demo data:
// customer@uplink.test owns four demo devices (one expiring, one in the grace period), a cloud
// plan and an eSIM.

const CUSTOMER = 'customer@uplink.test';

/** A serial of the BR1 Mini (prefix 1824) no one holds yet. */
function freshSerial(): string {
  const tail = (Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36)).toUpperCase().slice(-8);
  return `1824${tail}`;
}

test.describe('device management', () => {
  test.use({ extraHTTPHeaders: ownAddress(7) });

  test('a customer adds a device at 360 px, sees its model before saving, opens it and removes it', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInViaApi(page.request, CUSTOMER);
    await page.goto('/account/device-management');
    await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Your devices' });
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(list).toContainText('Bus 14');

    const serial = freshSerial();
    const normalised = `${serial.slice(0, 4)}-${serial.slice(4, 8)}-${serial.slice(8)}`;
    const field = page.getByRole('textbox', { name: /^Serial number/ });
    await field.pressSequentially(`${serial.slice(0, 4).toLowerCase()} ${serial.slice(4).toLowerCase()}`);
    await expect(field).toHaveValue(normalised);
    await expect(page.locator('.dev-preview')).toContainText('Model: Pepwave MAX BR1 Mini');
    await page.getByLabel(/^Name/).fill('E2E van');
    await page.getByRole('button', { name: 'Add device' }).click();

    // The new device opens in detail, deep-linked.
    await expect(page).toHaveURL(new RegExp(`serial=${normalised}`));
    const detail = page.getByRole('region', { name: 'E2E van' });
    await expect(detail).toContainText(normalised);
    await expect(detail).toContainText(/Covered until/);
    await expect(list.getByRole('listitem')).toHaveCount(5);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'device-management-detail');

    await detail.getByRole('button', { name: 'Remove from my account' }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${normalised}?` });
    await dialog.getByRole('button', { name: 'Remove device' }).click();
    await expect(page.getByText(`${normalised} is removed.`)).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(page).not.toHaveURL(/serial=/);
  });

  test('a deep link opens a device with its plan, and filters live in the URL', async ({ page }) => {
    await signInViaApi(page.request, CUSTOMER);
    await page.goto('/account/device-management?serial=1824-demo-0001');
    const detail = page.getByRole('region', { name: 'Delivery van 1' });
    await expect(detail).toContainText('SpeedFusion Cloud 100 GB / 1 year');
    await expect(detail).toContainText(/62 GB left of 100 GB/);
    await expect(page.getByRole('region', { name: 'eSIMs' })).toContainText('LPA:1$smdp.uplink.test$');
    await expectNoSeriousA11yViolations(page);

    // The filter lives in the URL: the box is checked once the navigation lands (click, then wait).
    const expiring = page.getByRole('checkbox', { name: 'Expiring in 60 days' });
    await expiring.click();
    await expect(expiring).toBeChecked();
    await expect(page).toHaveURL(/expiring=true/);
    const list = page.getByRole('list', { name: 'Your devices' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText('HQ failover');
    await expect(list).toContainText('Bus 14');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Expiring in 60 days' })).toBeChecked();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await saveScreenshots(page, 'device-management-list');
  });

  test('renewing from a device opens the eligible products with its serial filled in', async ({ page }) => {
    await signInViaApi(page.request, CUSTOMER);
    await page.goto('/account/device-management?serial=2933-DEMO-0003');
    const detail = page.getByRole('region', { name: 'Bus 14' });
    await expect(detail).toContainText(/Renew within \d+ days?/);
    await detail.getByRole('link', { name: 'Renew or extend warranty' }).click();
    await expect(page).toHaveURL(/\/products\?serial=2933-DEMO-0003&for=warranty/);
    await expect(page.locator('.serial-card__meta')).toContainText('Pepwave MAX Transit Duo');
    const products = page.getByRole('list', { name: 'Products for 2933-DEMO-0003' });
    await expect(products.getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await products.getByRole('listitem').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\?serial=2933-DEMO-0003/);
    await expect(page.getByRole('textbox', { name: /Serial number 1/ })).toHaveValue('2933-DEMO-0003');
  });

  test('buying a plan for a device lists the plans for its serial at 360 and 1280 px', async ({ page }) => {
    await signInViaApi(page.request, CUSTOMER);
    await page.goto('/account/device-management?serial=1824-DEMO-0001');
    const detail = page.getByRole('region', { name: 'Delivery van 1' });
    await detail.getByRole('link', { name: 'Buy a cloud plan' }).click();
    await expect(page).toHaveURL(/\/products\?serial=1824-DEMO-0001&for=plan/);
    await expect(page.locator('.serial-card__meta')).toContainText('Pepwave MAX BR1 Mini');
    const products = page.getByRole('list', { name: 'Products for 1824-DEMO-0001' });
    await expect(products.getByRole('listitem').first()).toBeVisible();
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'device-products-plan');
  });

  test('device buttons keep one width on a desktop and fill the row at 360 px', async ({ page }) => {
    await signInViaApi(page.request, CUSTOMER);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/account/device-management?serial=2933-DEMO-0003');
    const detail = page.getByRole('region', { name: 'Bus 14' });
    // The add-device form comes before the list.
    const addTop = (await page.getByRole('form', { name: 'Add a device' }).boundingBox())?.y ?? 0;
    const listTop = (await page.getByRole('list', { name: 'Your devices' }).boundingBox())?.y ?? 0;
    expect(addTop).toBeLessThan(listTop);
    // A short grace badge with its explanation beside it.
    await expect(detail.getByText('Grace period', { exact: true })).toBeVisible();
    await expect(detail).toContainText(/Renew by .* and coverage continues with no gap/);
    const remove = detail.getByRole('button', { name: 'Remove from my account' });
    const block = (await detail.boundingBox())?.width ?? 0;
    const removeWidth = (await remove.boundingBox())?.width ?? 0;
    expect(removeWidth).toBeLessThan(block / 2);
    await saveScreenshots(page, 'device-management-grace');
    await page.setViewportSize({ width: 360, height: 740 });
    const narrowBlock = (await remove.locator('..').boundingBox())?.width ?? 0;
    expect((await remove.boundingBox())?.width ?? 0).toBeGreaterThan(narrowBlock - 2);
  });

  test('the account dashboard lists the devices expiring in 60 days', async ({ page }) => {
    await signInViaApi(page.request, CUSTOMER);
    await page.goto('/account');
    const panel = page.getByRole('region', { name: 'Devices expiring in 60 days' });
    await expect(panel).toContainText('HQ failover');
    await expect(panel).toContainText('Bus 14');
    await expect(panel.getByRole('link', { name: 'Renew 2933-DEMO-0003' })).toHaveAttribute(
      'href',
      '/products?serial=2933-DEMO-0003&for=warranty',
    );
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'account-dashboard');
  });
});
