import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { saveScreenshots } from './support/screenshots';
import { csrfToken, ownAddress, signInViaApi } from './support/session';

// Credit terms end to end (issue 16): sales grants terms on /admin/customers, the customer buys
// on them and sees available credit, the invoice and the history on /account; sales records the
// payment and the invoice is settled. A fresh customer, so no other spec's credit moves.

const ROUTER = 'MAX-BR1-PRO-5G-PRM';
const SALES = 'sales@uplink.test';

async function register(request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post('/api/v1/auth/register', {
    data: { email, password: 'e2e-credit-password', name: 'Casey Credit', country: 'DE' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('credit terms', () => {
  test.use({ extraHTTPHeaders: ownAddress(11) });

  test('sales grants terms, the customer buys on them and sees the invoice, sales records the payment', async ({ browser }) => {
    test.setTimeout(120_000);
    const email = `credit-${Date.now().toString(36)}@example.com`;
    const customer = await browser.newContext({ extraHTTPHeaders: ownAddress(12) });
    const buyer = await customer.newPage();
    await buyer.goto('/');
    await register(buyer.request, email);

    // Sales finds the customer and grants terms.
    const staffContext = await browser.newContext({ extraHTTPHeaders: ownAddress(13) });
    const sales = await staffContext.newPage();
    await sales.goto('/');
    await signInViaApi(sales.request, SALES);
    await sales.goto('/admin/customers');
    await expect(sales.getByRole('heading', { name: 'Overdue credit-terms invoices' })).toBeVisible();
    await expect(sales.getByText('UL-000002', { exact: true })).toBeVisible(); // the demo business's overdue invoice
    const find = sales.getByRole('search', { name: 'Find a customer' });
    await find.getByLabel(/Search customers/).fill(email);
    await find.getByRole('button', { name: 'Search' }).click();
    await sales.getByRole('link', { name: 'Casey Credit' }).click();
    await expect(sales.getByRole('heading', { level: 1, name: 'Casey Credit' })).toBeVisible();
    await sales.getByLabel(/Credit limit/).fill('20,000');
    await sales.getByLabel(/Payment terms/).fill('15');
    await sales.getByLabel(/Note for the history/).fill('Approved after the credit check');
    await sales.getByRole('button', { name: 'Grant credit terms' }).click();
    await expect(sales.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    const history = sales.getByRole('table', { name: /Credit history/ });
    await expect(history).toContainText('Allocated');
    await expect(history).toContainText(`by ${SALES}`);

    // The customer places an order on credit terms (the API the confirm page calls).
    const add = await buyer.request.post('/api/v1/cart/lines?store=global', {
      data: { sku: ROUTER, qty: 1 },
      headers: { 'X-CSRF-Token': await csrfToken(buyer) },
    });
    expect(add.status(), await add.text()).toBe(201);
    const placed = await buyer.request.post('/api/v1/orders', {
      data: {
        shipping: {
          method: 'priority',
          address: { name: 'Casey Credit', line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE', phone: '+49 30 1234567' },
        },
        billing: { same_as_shipping: true },
        payment: { method: 'credit_terms' },
      },
      headers: { 'X-CSRF-Token': await csrfToken(buyer), 'Idempotency-Key': `credit-${email}` },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as { number: string; totals: { total: { cents: number } } };

    await buyer.goto('/account');
    const section = buyer.getByRole('region', { name: 'Credit terms' });
    await expect(section).toContainText('Available credit');
    const available = (2_000_000 - order.totals.total.cents) / 100;
    await expect(section).toContainText(`$${available.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    const invoices = section.getByRole('table', { name: 'Invoices to pay' });
    await expect(invoices).toContainText(order.number);
    await expect(invoices).toContainText('Due');
    await expect(section.getByRole('table', { name: /Credit history/ })).toContainText('Purchased');
    await expectNoSeriousA11yViolations(buyer);
    await saveScreenshots(buyer, 'credit-account');
    await buyer.setViewportSize({ width: 360, height: 740 });
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(buyer);

    // Sales records the payment; the invoice is settled for the customer.
    await sales.reload();
    await sales.getByRole('button', { name: `Record payment for ${order.number}` }).click();
    const form = sales.getByRole('form', { name: `Record a payment for ${order.number}` });
    await form.getByLabel(/Reference/).fill('SEPA 2026-11-26 CREDIT');
    await form.getByRole('button', { name: 'Record' }).click();
    await expect(sales.getByText('No open invoices: every credit-terms order is paid.')).toBeVisible();
    await expect(history).toContainText('Reimbursed');
    await expectNoSeriousA11yViolations(sales);
    await saveScreenshots(sales, 'credit-staff-customer');

    await buyer.reload();
    await expect(buyer.getByRole('region', { name: 'Credit terms' })).toContainText('No invoices to pay.');
    await expect(buyer.getByRole('region', { name: 'Credit terms' })).toContainText('$20,000.00');
    await customer.close();
    await staffContext.close();
  });
});
