import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { saveScreenshots } from './support/screenshots';
import { ownAddress, signInViaApi } from './support/session';

// `/sn?serial=…` (SPEC §8) against the real server and its demo data: customer@uplink.test owns
// 1824-DEMO-0001 ("Delivery van 1"); 1824 is the BR1 Mini's prefix, 9ZZZ is no model's.

test.describe('serial number redirect', () => {
  test.use({ extraHTTPHeaders: ownAddress(9) });

  test('a guest with a known serial lands on the renewal products with the serial filled in', async ({ page }) => {
    await page.goto('/sn?serial=1824abcd1234');
    await expect(page).toHaveURL(/\/products\?serial=1824-ABCD-1234&for=warranty$/);
    await expect(page.locator('.serial-card__meta')).toContainText('Pepwave MAX BR1 Mini');
    await expect(page.getByRole('list', { name: 'Products for 1824-ABCD-1234' }).getByRole('listitem').first()).toBeVisible();
    // Replaced, not pushed: Back does not bounce through /sn again.
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);
  });

  test('a signed-in owner lands on the device in device management', async ({ page }) => {
    await signInViaApi(page.request, 'customer@uplink.test');
    await page.goto('/sn?serial=1824-demo-0001');
    await expect(page).toHaveURL(/\/account\/device-management\?serial=1824-DEMO-0001$/);
    await expect(page.getByRole('region', { name: 'Delivery van 1' })).toContainText('1824-DEMO-0001');
  });

  test('a signed-in customer with someone else’s serial lands on the renewal products', async ({ page }) => {
    await signInViaApi(page.request, 'business@uplink.test');
    await page.goto('/sn?serial=1824-DEMO-0001');
    await expect(page).toHaveURL(/\/products\?serial=1824-DEMO-0001&for=warranty$/);
    await expect(page.locator('.serial-card__meta')).toContainText('Pepwave MAX BR1 Mini');
  });

  test('invalid and unknown serials get a clear page', async ({ page }) => {
    await page.goto('/sn?serial=12-34');
    await expect(page.getByLabel('Device serial number')).toHaveAccessibleDescription(/isn’t a valid serial number/);
    await expect(page).toHaveURL(/\/sn\?serial=12-34$/);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'serial-invalid');

    await page.goto('/sn?serial=9zzz-1234-abcd');
    await expect(page.getByRole('heading', { name: 'We don’t recognise 9ZZZ-1234-ABCD' })).toBeVisible();
    await expect(page).toHaveURL(/\/sn\?serial=9zzz-1234-abcd$/);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'serial-unknown');
  });
});
