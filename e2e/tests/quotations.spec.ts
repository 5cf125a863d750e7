import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { saveScreenshots } from './support/screenshots';
import { csrfToken, ownAddress, signInViaApi } from './support/session';

// Quotations end to end (issue 16, SPEC §9): a business customer asks for prices from the cart
// and submits; sales open it in /admin/quotations, take 10 % off the routers and send; the buyer
// asks for a revision, sales send again with free shipping; the buyer accepts and pays on
// /quotation/payment with credit terms; the order shows the quoted prices and the quotation.
// A fresh business customer (sales grant its credit terms), so no other spec's cart or credit moves.

const ROUTER = 'MAX-BR1-PRO-5G-PRM'; // Pepwave MAX BR1 Pro 5G Prime, $1,499.00, hardware
const SALES = 'sales@uplink.test';

async function register(request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post('/api/v1/auth/register', {
    data: { email, password: 'e2e-quote-password', name: 'Quinn Quote', company: 'Quote & Co', country: 'DE' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Sales grant the customer credit terms (the staff API the /admin/customers form calls). */
async function grantCreditTerms(sales: Page, email: string): Promise<void> {
  const found = await sales.request.get(`/api/v1/staff/customers?q=${encodeURIComponent(email)}`);
  expect(found.status(), await found.text()).toBe(200);
  const [customer] = (await found.json()) as Array<{ id: string }>;
  expect(customer, `no customer ${email}`).toBeDefined();
  const res = await sales.request.put(`/api/v1/staff/customers/${customer!.id}/credit-terms`, {
    data: { credit_limit_cents: 2_000_000, payment_terms_days: 30, note: 'Quotation e2e' },
    headers: { 'X-CSRF-Token': await csrfToken(sales) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Sales open the quotation from the queue (it moves to review), searching by the customer's e-mail. */
async function openFromQueue(sales: Page, email: string, number: string): Promise<void> {
  await sales.goto('/admin/quotations');
  await expect(sales.getByRole('heading', { level: 1, name: 'Quotations queue' })).toBeVisible();
  const filters = sales.getByRole('search', { name: 'Filter the quotations queue' });
  await filters.getByLabel(/^Search/).fill(email);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await sales.getByRole('link', { name: number, exact: true }).click();
  await expect(sales.getByRole('heading', { level: 1, name: `Quotation ${number}` })).toBeVisible();
  await expect(sales.locator('.q-status')).toContainText('In review');
}

test.describe('quotations', () => {
  test.use({ extraHTTPHeaders: ownAddress(14) });

  test('request from the cart, sales price it, a revision round, accept and pay on credit terms', async ({ browser }) => {
    test.setTimeout(180_000);
    const email = `quote-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}@example.com`;
    const buyerContext = await browser.newContext({ extraHTTPHeaders: ownAddress(15) });
    const buyer = await buyerContext.newPage();
    await buyer.goto('/');
    await register(buyer.request, email);

    const staffContext = await browser.newContext({ extraHTTPHeaders: ownAddress(16) });
    const sales = await staffContext.newPage();
    await sales.goto('/');
    await signInViaApi(sales.request, SALES);
    await grantCreditTerms(sales, email);

    // The buyer puts two routers in the cart and asks for a quotation from the cart page.
    const add = await buyer.request.post('/api/v1/cart/lines', {
      data: { sku: ROUTER, qty: 2 },
      headers: { 'X-CSRF-Token': await csrfToken(buyer) },
    });
    expect(add.status(), await add.text()).toBe(201);
    await buyer.goto('/cart');
    await buyer.getByRole('button', { name: 'Request a quotation' }).click();
    await expect(buyer).toHaveURL(/\/account\/quotation\/Q-\d{6}$/);
    const number = new URL(buyer.url()).pathname.split('/').pop()!;
    await expect(buyer.getByRole('heading', { level: 1, name: `Quotation ${number}` })).toBeVisible();
    await expect(buyer.getByTestId('quotation-line')).toHaveCount(1);
    await expect(buyer.getByTestId('q-subtotal')).toHaveText('$2,998.00');
    await buyer.getByLabel(/Note for sales/).fill('Two routers for our new branch. What is your best price?');
    await buyer.getByRole('button', { name: 'Submit to sales' }).click();
    await expect(buyer.getByText(/^Submitted\. Sales will e-mail you/)).toBeVisible();
    await expect(buyer.getByRole('button', { name: 'Submit to sales' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(buyer);
    await saveScreenshots(buyer, 'quotation-submitted');

    // The buyer's list shows it as open.
    await buyer.goto('/account/quotation?status=open');
    await expect(buyer.getByRole('link', { name: number, exact: true })).toBeVisible();
    await expect(buyer.getByTestId('quotation-row').filter({ hasText: number })).toContainText('Submitted');

    // Sales open it from the queue, take 10 % off the routers and send it.
    await openFromQueue(sales, email, number);
    await expect(sales.getByRole('region', { name: 'Customer' })).toContainText(email);
    await expect(sales.getByRole('region', { name: 'Customer' })).toContainText('Credit terms');
    await expect(sales.getByTestId('history-entry').filter({ hasText: 'What is your best price?' })).toBeVisible();
    const line = sales.getByTestId('editor-line').first();
    await line.getByLabel('Price').selectOption('percent_off');
    await line.getByLabel(/Percent off/).fill('10');
    await expect(line.getByTestId('line-result')).toContainText('$2,698.20');
    await expect(sales.getByTestId('editor-total')).toContainText('$2,698.20');
    await sales.getByLabel('Comment for the customer').fill('10 % off for two units.');
    await expectNoSeriousA11yViolations(sales);
    await saveScreenshots(sales, 'quotation-staff-editor');
    await sales.getByRole('button', { name: 'Send to customer' }).click();
    await expect(sales.getByText(`Prices sent to ${email}`)).toBeVisible();
    await expect(sales.locator('.q-status')).toContainText('Quoted');

    // The buyer sees the quoted price and asks for a revision (a comment is required).
    await buyer.goto(`/account/quotation/${number}`);
    await expect(buyer.getByTestId('line-quote')).toHaveText('10 % off');
    await expect(buyer.getByTestId('q-total')).toHaveText('$2,698.20');
    await expect(buyer.getByTestId('valid-until')).not.toContainText('Set when');
    await buyer.getByRole('button', { name: 'Request a revision' }).click();
    await buyer.getByRole('button', { name: 'Send revision request' }).click();
    await expect(buyer.getByText(/Tell sales what should change/)).toBeVisible();
    await buyer.getByLabel(/What should change/).fill('Could you include the shipping?');
    await buyer.getByRole('button', { name: 'Send revision request' }).click();
    await expect(buyer.getByText('Revision requested. Sales will send new prices.')).toBeVisible();
    await expect(buyer.getByRole('button', { name: 'Accept prices' })).toHaveCount(0);

    // Sales open it again (back in review), keep the 10 %, quote free shipping and send again.
    await openFromQueue(sales, email, number);
    await expect(sales.getByTestId('history-entry').filter({ hasText: 'Could you include the shipping?' })).toBeVisible();
    const again = sales.getByTestId('editor-line').first();
    await expect(again.getByLabel('Price')).toHaveValue('percent_off');
    await expect(again.getByLabel(/Percent off/)).toHaveValue('10');
    await sales.getByLabel(/Shipping price/).fill('0');
    await sales.getByRole('button', { name: 'Save' }).click();
    await expect(sales.getByText(/^Saved\./)).toBeVisible();
    await sales.getByRole('button', { name: 'Send to customer' }).click();
    await expect(sales.getByText(`Prices sent to ${email}`)).toBeVisible();

    // The buyer accepts and pays with credit terms.
    await buyer.reload();
    await expect(buyer.getByTestId('q-shipping')).toContainText('$0.00');
    await buyer.getByRole('button', { name: 'Accept prices' }).click();
    await expect(buyer.getByText('Prices accepted. You can pay the quotation now.')).toBeVisible();
    await buyer.getByRole('link', { name: 'Pay now' }).click();
    await expect(buyer).toHaveURL(`/quotation/payment?quotation=${number}`);
    await expect(buyer.getByRole('heading', { level: 1, name: `Pay quotation ${number}` })).toBeVisible();
    await buyer.getByRole('radio', { name: /Priority Shipping/ }).check();
    await expect(buyer.getByRole('radio', { name: /Priority Shipping/ })).toHaveAccessibleName(/\$0\.00/);
    await buyer.getByLabel('Full name').fill('Quinn Quote');
    await buyer.getByLabel('Address line 1').fill('Hauptstrasse 1');
    await buyer.getByLabel('City').fill('Berlin');
    await buyer.getByLabel('Postal code').fill('10115');
    await buyer.getByLabel('Country code').fill('DE');
    await buyer.getByLabel('Phone').fill('030123456789');
    await buyer.getByRole('radio', { name: /Credit Terms Payment/ }).check();
    // Priced by GET /checkout/options?quotation=: every shipping option (Self pick-up is the US store's), tax and the total.
    await expect(buyer.getByRole('radio', { name: /Self pick-up/ })).toBeDisabled();
    const summary = buyer.getByRole('region', { name: `Quotation ${number}` });
    await expect(summary.getByTestId('totals-shipping')).toHaveText('$0.00');
    await expect(summary.getByTestId('totals-tax')).toHaveText('No sales tax in this store');
    await expect(summary.getByTestId('totals-total')).toHaveText('$2,698.20');
    await expectNoSeriousA11yViolations(buyer);
    await saveScreenshots(buyer, 'quotation-payment');
    await buyer.getByRole('button', { name: 'Pay $2,698.20', exact: true }).click();
    await expect(buyer).toHaveURL(/\/checkout\/thank-you\?order=UL-\d+/);
    await expect(buyer.getByText(`Paid from quotation ${number}`, { exact: false })).toBeVisible();

    // The order page: the quoted prices and where they came from.
    await buyer.getByRole('link', { name: 'View the order' }).click();
    await expect(buyer.getByTestId('order-quotation')).toContainText(`Paid from quotation ${number}`);
    await expect(buyer.getByTestId('line-amount')).toHaveText('$2,998.00');
    await expect(buyer.getByTestId('line-discount')).toHaveText('−$299.80');
    await expect(buyer.getByTestId('line-net')).toHaveText('$2,698.20');
    await expect(buyer.getByTestId('order-line').getByText('Quoted price')).toBeVisible();
    await expect(buyer.getByText(`Quotation ${number}`, { exact: true })).toBeVisible();
    await expect(buyer.getByTestId('totals-shipping')).toHaveText('$0.00');
    await expect(buyer.getByTestId('totals-total')).toHaveText('$2,698.20');
    await expectNoSeriousA11yViolations(buyer);
    await saveScreenshots(buyer, 'quotation-order');

    // The quotation is ordered, links to its order, and cannot be paid twice.
    await buyer.getByTestId('order-quotation').getByRole('link', { name: number }).click();
    await expect(buyer.locator('.q-status')).toContainText('Ordered');
    await expect(buyer.getByRole('link', { name: /^View order UL-/ })).toBeVisible();
    await buyer.goto(`/quotation/payment?quotation=${number}`);
    await expect(buyer.getByText(`Quotation ${number} is already paid`, { exact: false })).toBeVisible();

    // The customer's credit moved by the quoted total.
    await buyer.goto('/account');
    await expect(buyer.getByRole('region', { name: 'Credit terms' })).toContainText('$17,301.80');

    await buyerContext.close();
    await staffContext.close();
  });

  test('a cart below the minimum is refused next to the button; guests sign in first', async ({ page }) => {
    // A guest is sent to sign in and back to the cart.
    await page.goto('/cart');
    const guestAdd = await page.request.post('/api/v1/cart/lines', { data: { sku: ROUTER, qty: 1 } });
    expect(guestAdd.status(), await guestAdd.text()).toBe(201);
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: 'Sign in to request a quotation' })).toHaveAttribute(
      'href',
      '/login?return_to=%2Fcart',
    );

    // A customer whose cart comes to less than the minimum ($100 by default) is told so in place.
    const email = `quote-min-${Date.now().toString(36)}@example.com`;
    await register(page.request, email);
    const products = await page.request.get('/api/v1/products?type=hardware&sort=price_asc&page_size=24');
    type Card = { sku: string; price: { cents: number } | null; price_from: boolean; purchasable: boolean; stock_status: string };
    const cheap = ((await products.json()) as { items: Card[] }).items.find(
      (p) => p.purchasable && !p.price_from && p.stock_status !== 'out_of_stock' && !!p.price && p.price.cents < 10_000,
    );
    test.skip(!cheap, 'the demo catalogue has no product under $100 in this store');
    const cart = await page.request.get('/api/v1/cart');
    for (const l of ((await cart.json()) as { lines: Array<{ id: string }> }).lines) {
      await page.request.delete(`/api/v1/cart/lines/${l.id}`, { headers: { 'X-CSRF-Token': await csrfToken(page) } });
    }
    const added = await page.request.post('/api/v1/cart/lines', {
      data: { sku: cheap!.sku, qty: 1 },
      headers: { 'X-CSRF-Token': await csrfToken(page) },
    });
    expect(added.status(), await added.text()).toBe(201);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Request a quotation' }).click();
    const refusal = page.getByTestId('quotation-request-error');
    await expect(refusal).toContainText('Quotations start at $100.00');
    await expect(refusal).toBeFocused();
    await expect(page).toHaveURL(/\/cart$/);
  });
});
