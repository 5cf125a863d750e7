import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { saveScreenshots } from './support/screenshots';
import { csrfToken, ownAddress } from './support/session';

// Auto-renewal (issue 15, SPEC §8) as a customer sets it up: save a card (the number goes to the
// gateway's tokenisation only), choose it for a device, see the device renew by itself in the list.
// The renewal job itself (7 days before expiry, once per expiry, failures) is covered by the API tests.

test.use({ extraHTTPHeaders: ownAddress(8) });

test('a customer saves a card and turns on auto-renewal for a device', async ({ page }) => {
  const email = `renew-${Date.now().toString(36)}@example.com`;
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { email, password: 'auto-renewal-1', name: 'Rene Wal', country: 'DE' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto('/account/device-management');
  const serial = `1824-${Date.now().toString(36).toUpperCase().slice(-4)}-RNW1`;
  const added = await page.request.post('/api/v1/me/devices', {
    data: { serial, name: 'Depot router' },
    headers: { 'X-CSRF-Token': await csrfToken(page) },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto(`/account/device-management?serial=${serial}`);
  const detail = page.getByRole('region', { name: 'Depot router' });
  const renew = detail.getByRole('form', { name: 'Auto-renewal' });
  await expect(renew).toContainText('7 days before the coverage ends');
  await expect(renew).toContainText('save a card');

  // Save a card: the form tokenises it at the gateway, our API keeps brand and last 4.
  const cards = page.getByRole('region', { name: 'Saved cards' });
  await cards.getByRole('button', { name: 'Add a card' }).click();
  const form = cards.getByRole('form', { name: 'Add a card' });
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/35');
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Visa ending 4242 is saved.')).toBeVisible();
  await expect(cards).toContainText('Visa ending 4242');

  // Choose it for the device.
  await renew.getByRole('radio', { name: /Visa ending 4242/ }).check();
  await renew.getByRole('button', { name: 'Save auto-renewal' }).click();
  await expect(page.getByText('Auto-renewal is on.')).toBeVisible();
  const list = page.getByRole('list', { name: 'Your devices' });
  await expect(list.getByRole('listitem').filter({ hasText: serial })).toContainText('Auto-renews');
  const stored = await page.request.get(`/api/v1/me/devices/${serial}`);
  expect((await stored.json()).auto_renew).toMatchObject({ enabled: true, method: 'card', card: { last4: '4242' } });

  // The list filters by it.
  await page.goto('/account/device-management?auto_renew=true');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: 'Auto-renew on' })).toBeChecked();

  await page.goto(`/account/device-management?serial=${serial}`);
  await expect(renew.getByRole('radio', { name: /Visa ending 4242/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await renew.scrollIntoViewIfNeeded();
  await saveScreenshots(page, 'device-auto-renewal');
});
