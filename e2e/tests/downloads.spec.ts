import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { saveScreenshots } from './support/screenshots';
import { ownAddress, signInViaApi } from './support/session';

// SPEC §8 /account/download: what the demo customer's orders give them, by signed links.

test.use({ extraHTTPHeaders: ownAddress(7) });

test('the customer downloads an invoice and a product file; another customer’s link is refused', async ({
  page,
  browser,
}) => {
  await signInViaApi(page.request, 'customer@uplink.test');
  await page.goto('/account/download');
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();

  const invoices = page.getByRole('region', { name: /^Invoices/ });
  const invoiceLink = invoices.getByRole('link', { name: 'Download Invoice, Order UL-000001' });
  await expect(invoiceLink).toBeVisible();
  await expect(invoices.getByRole('link', { name: 'Download Proforma invoice, Order UL-000004' })).toBeVisible();

  const [invoice] = await Promise.all([page.waitForEvent('download'), invoiceLink.click()]);
  expect(invoice.suggestedFilename()).toBe('invoice-UL-000001.pdf');
  const pdf = await readFile((await invoice.path()) ?? '');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  const files = page.getByRole('region', { name: /^Product files/ });
  const fileLink = files.getByRole('link', { name: /^Download / }).first();
  const [file] = await Promise.all([page.waitForEvent('download'), fileLink.click()]);
  expect((await readFile((await file.path()) ?? '')).length).toBeGreaterThan(0);

  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'account-download');

  // The same link in another customer's browser: not found.
  const href = new URL((await invoiceLink.getAttribute('href')) ?? '', page.url()).toString();
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin, extraHTTPHeaders: ownAddress(8) });
  const otherPage = await other.newPage();
  await signInViaApi(otherPage.request, 'business@uplink.test');
  const res = await otherPage.request.get(href);
  expect(res.status()).toBe(404);
  await other.close();
});
