import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { waitForSettledPage } from './support/layout';
import { saveScreenshots } from './support/screenshots';
import { csrfToken, ownAddress, signInViaApi } from './support/session';

// Back office II (#32): partial shipment with tracking, mark delivered, an admin's line refund with its
// credit note, sales kept away from refunds, and the audit log of all three.
test.describe.configure({ mode: 'serial' });

// Hardware no other spec buys, so this spec never takes another's stock.
const ROUTER = 'MAX-BR1-MINI-C4';
const ANTENNA = 'ANT-MOB-42G';
let number = '';
let buyerEmail = '';
let buyerState: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;

async function staffPage(browser: Browser, email: string, block: number): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress(block) });
  const page = await context.newPage();
  await page.goto('/');
  await signInViaApi(page.request, email);
  return page;
}

async function buyerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: buyerState, extraHTTPHeaders: ownAddress(9) });
  return context.newPage();
}

async function check(page: Page, name: string) {
  await waitForSettledPage(page);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, name);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} overflows at ${width}px`).toBeLessThanOrEqual(0);
  }
}

test.beforeAll(async ({ browser }) => {
  // A fresh buyer pays a two-line order (2 routers, 1 antenna) with the test card.
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress(8) });
  const page = await context.newPage();
  await page.goto('/');
  const email = `refund-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  buyerEmail = email;
  const registered = await page.request.post('/api/v1/auth/register', { data: { email, password: 'refund-password-1', name: 'Rita Refund', country: 'DE' } });
  expect(registered.status(), await registered.text()).toBe(201);
  for (const [sku, qty] of [
    [ROUTER, 2],
    [ANTENNA, 1],
  ] as const) {
    const added = await page.request.post('/api/v1/cart/lines', { data: { sku, qty }, headers: { 'X-CSRF-Token': await csrfToken(page) } });
    expect(added.status(), await added.text()).toBe(201);
  }
  const token = await page.request.post('/gateway/test/tokens', { data: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' } });
  expect(token.status(), await token.text()).toBe(201);
  const placed = await page.request.post('/api/v1/orders', {
    data: {
      shipping: {
        method: 'priority',
        address: { name: 'Rita Refund', line1: 'Hauptstrasse 1', city: 'Berlin', postal_code: '10115', country: 'DE', phone: '030123456789' },
      },
      billing: { same_as_shipping: true },
      payment: { method: 'card', token: ((await token.json()) as { id: string }).id },
    },
    headers: { 'X-CSRF-Token': await csrfToken(page), 'Idempotency-Key': `refund-${email}` },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  number = ((await placed.json()) as { number: string }).number;
  buyerState = await context.storageState();
  await context.close();
});

test('fulfilment ships part of the order, the buyer sees the tracking, then the rest ships and is delivered', async ({ browser }) => {
  const page = await staffPage(browser, 'fulfilment@uplink.test', 3);
  await page.goto(`/admin/orders?q=${number}`);
  await expect(page.getByTestId('staff-orders')).toContainText(number);
  await check(page, 'backoffice-order-desk');
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible();
  // Fulfilment staff see no refund controls.
  await expect(page.getByTestId('refund-form')).toHaveCount(0);
  await page.getByRole('checkbox', { name: new RegExp(ANTENNA) }).check();
  await page.getByLabel(/^Tracking number/).fill('JD-PART-0001');
  await check(page, 'backoffice-order-ship');
  await page.getByRole('button', { name: 'Add shipment' }).click();
  await expect(page.getByTestId('staff-shipments')).toContainText('JD-PART-0001');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Partly shipped');

  const buyer = await buyerPage(browser);
  await buyer.goto(`/order/${number}`);
  await expect(buyer.getByText('JD-PART-0001').first()).toBeVisible();

  await page.getByLabel(/^Tracking number/).fill('JD-REST-0002');
  await page.getByRole('button', { name: 'Add shipment' }).click();
  await expect(page.getByTestId('staff-shipments')).toContainText('JD-REST-0002');
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByTestId('staff-order-status')).toContainText('Marked delivered');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Completed');
  await page.context().close();
  await buyer.context().close();
});

test('an admin refunds one line of the completed order and the buyer gets the credit note', async ({ browser }) => {
  const page = await staffPage(browser, 'admin@uplink.test', 4);
  await page.goto(`/admin/orders/${number}`);
  const form = page.getByTestId('refund-form');
  await expect(form).toBeVisible();
  await form.getByLabel(new RegExp(ANTENNA)).fill('1');
  await form.getByLabel(/^Reason/).fill('Antenna arrived broken');
  await check(page, 'backoffice-order-refund');
  const amount = (await page.getByTestId('refund-amount').locator('strong').textContent()) ?? '';
  expect(amount).not.toBe('');
  await form.getByRole('button', { name: 'Review the refund' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(amount);
  await dialog.getByRole('button', { name: `Refund ${amount}` }).click();
  await expect(page.getByTestId('staff-order-status')).toContainText(/credit note CN-/);
  await expect(page.getByTestId('order-refunds')).toContainText('Antenna arrived broken');
  await page.context().close();

  const buyer = await buyerPage(browser);
  await buyer.goto(`/order/${number}`);
  const link = buyer.getByRole('link', { name: /Credit note CN-.*PDF/ });
  await expect(link).toBeVisible();
  await expect(buyer.getByTestId('line-refunded')).toContainText('Refunded');
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^/api/v1/orders/${number}/credit-notes/CN-\\d+\\.pdf$`));
  const pdf = await buyer.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await check(buyer, 'backoffice-buyer-credit-note');
  await buyer.context().close();
});

test('sales staff cannot see or use refunds', async ({ browser }) => {
  const page = await staffPage(browser, 'sales@uplink.test', 5);
  await page.goto(`/admin/orders/${number}`);
  await expect(page.getByTestId('admin-forbidden')).toBeVisible();
  await expect(page.getByTestId('refund-form')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  const res = await page.request.post(`/api/v1/staff/orders/${number}/refunds`, {
    data: { reason: 'Not allowed', lines: [] },
    headers: { 'X-CSRF-Token': await csrfToken(page) },
  });
  expect(res.status()).toBe(403);
  await page.context().close();
});

test('the audit log shows the shipments, the completion and the refund', async ({ browser }) => {
  const page = await staffPage(browser, 'admin@uplink.test', 6);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Resource id or number').fill(number);
  await page.getByRole('search', { name: 'Audit log' }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`resource_id=${number}`));
  const table = page.getByTestId('audit-log');
  await expect(table).toContainText('order.ship');
  await expect(table).toContainText('order.complete');
  await expect(table).toContainText('order.refund');
  await expect(table).toContainText('fulfilment@uplink.test');
  await expect(table).toContainText('admin@uplink.test');
  await page.getByTestId('audit-entry').filter({ hasText: 'order.refund' }).getByText('Before and after').click();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/v1/admin/audit-log.csv?resource_id=${number}`);
  const csv = await page.request.get(`/api/v1/admin/audit-log.csv?resource_id=${number}`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('order.refund');
  await check(page, 'backoffice-audit-log');

  // The outbox holds the order's e-mails; one opens with its text.
  await page.goto(`/admin/outbox?q=${encodeURIComponent('refund-')}`);
  await page.getByTestId('outbox-list').getByRole('button').first().click();
  await expect(page.getByTestId('outbox-message')).toBeVisible();
  await check(page, 'backoffice-outbox');

  // The buyer's customer page: their order with the refund; viewing as them is audited.
  const found = await page.request.get(`/api/v1/staff/customers?q=${encodeURIComponent(buyerEmail)}`);
  expect(found.status()).toBe(200);
  const [customer] = (await found.json()) as { id: string }[];
  await page.goto(`/admin/customers/${customer!.id}`);
  await expect(page.getByTestId('customer-orders')).toContainText(number);
  await page.getByRole('button', { name: 'View as customer' }).click();
  await expect(page.getByTestId('view-as')).toContainText('recorded in the audit log');
  await check(page, 'backoffice-customer');
  await page.context().close();
});
