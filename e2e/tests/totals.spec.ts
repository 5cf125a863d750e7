import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { saveScreenshots } from './support/screenshots';

// Issue 14, point 3: every page that states an order's money states it so that a reader can add it
// up — each line at its price before discount, then Subtotal − Discount + Shipping + Tax = Total —
// on the cart, confirm, payment, thank-you and order pages. These read the numbers off the page.

const ROUTER = 'MAX-BR1-PRO-5G-PRM';
const ACCESS_POINT = 'AP-ONE-AX';

/** "$1,234.50" / "−$39.80" in `text` → signed cents; `null` when the text holds no amount (a note). */
function cents(text: string): number | null {
  const match = /([−-])?\$([\d,]+)\.(\d{2})/.exec(text);
  if (!match) return null;
  const value = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

async function amountIn(locator: Locator): Promise<number> {
  const text = (await locator.innerText()).trim();
  const value = cents(text);
  expect(value, `an amount in "${text}"`).not.toBeNull();
  return value!;
}

/** The row of the totals labelled `label` (by its dt): its amount, or 0 for a note such as "Chosen at checkout". */
async function totalsRow(totals: Locator, label: RegExp): Promise<number> {
  const rows = totals.locator('div').filter({ has: totals.page().locator('dt', { hasText: label }) });
  if ((await rows.count()) === 0) return 0;
  return cents(await rows.first().locator('dd').innerText()) ?? 0;
}

interface Statement {
  lines: number[];
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
}

/**
 * Reads the lines and totals shown in `scope` and checks they add up: every line's amount minus its
 * coupon share is the net shown under it, the subtotal is the sum of the line amounts, the line
 * discounts add up to the order's, and subtotal − discount + shipping + tax is the total, to the cent.
 */
async function expectStatementAddsUp(scope: Locator, lineCount: number | 'no lines'): Promise<Statement> {
  const lineBlocks = scope.locator('dl.line-amount');
  await expect(lineBlocks, 'one amount per line').toHaveCount(lineCount === 'no lines' ? 0 : lineCount);
  const lines: number[] = [];
  let lineDiscounts = 0;
  for (const block of await lineBlocks.all()) {
    const amount = await amountIn(block.getByTestId('line-amount'));
    lines.push(amount);
    if ((await block.getByTestId('line-discount').count()) > 0) {
      const share = await amountIn(block.getByTestId('line-discount'));
      expect(share, 'a discount is shown negative').toBeLessThan(0);
      expect(await amountIn(block.getByTestId('line-net')), 'line amount − its discount = its net').toBe(amount + share);
      lineDiscounts += -share;
    }
  }
  const totals = scope.getByTestId('order-totals');
  await expect(totals).toBeVisible();
  const statement: Statement = {
    lines,
    subtotal: await totalsRow(totals, /^(Subtotal|Items)/),
    discount: -(await totalsRow(totals, /^Discount/)),
    shipping: await totalsRow(totals, /^Shipping/),
    tax: await totalsRow(totals, /Tax/i),
    total: await totalsRow(totals, /^Total/),
  };
  let sum = lines.reduce((a, b) => a + b, 0);
  if (lineCount === 'no lines') {
    sum = statement.subtotal; // a summary without its lines (the payment step)
  } else {
    expect(statement.subtotal, `subtotal = Σ line amounts ${JSON.stringify(statement)}`).toBe(sum);
    expect(statement.discount, 'the discount is the lines’ coupon shares').toBe(lineDiscounts);
  }
  expect(
    sum - statement.discount + statement.shipping + statement.tax,
    `Σ lines − discount + shipping + tax = total ${JSON.stringify(statement)}`,
  ).toBe(statement.total);
  return statement;
}

async function csrf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'uplink_csrf')?.value ?? '';
}

/** A fresh customer (so once-per-customer coupons apply), signed in in this browser. */
async function signUp(page: Page, country: 'DE' | 'US') {
  const email = `e2e-totals-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await page.request.post('/api/v1/auth/register', {
    data: { email, password: 'e2e-password-123', name: 'E2E Totals', country },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function addToCart(page: Page, sku: string, qty: number) {
  const res = await page.request.post('/api/v1/cart/lines', { data: { sku, qty }, headers: { 'X-CSRF-Token': await csrf(page) } });
  expect(res.status(), await res.text()).toBe(201);
}

async function applyCoupon(page: Page, code: string) {
  await page.getByLabel('Coupon code').fill(code);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/cart/coupon' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByTestId('order-totals').getByText(`Discount (${code})`)).toBeVisible();
}

async function fillAddress(page: Page, a: { line1: string; city: string; state?: string; postal: string; country: string; phone: string }) {
  await page.getByLabel('Full name').fill('E2E Totals');
  await page.getByLabel('Address line 1').fill(a.line1);
  await page.getByLabel('City').fill(a.city);
  if (a.state) await page.getByLabel('State / region').fill(a.state);
  await page.getByLabel('Postal code').fill(a.postal);
  await page.getByLabel('Country code').fill(a.country);
  await page.getByLabel('Phone').fill(a.phone);
}

async function payByCard(page: Page) {
  await page.getByRole('radio', { name: /Credit Card/ }).check();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
}

/** The payment step's expiry and security-code fields: labels, hints and boxes on the same lines. */
async function expectCardFieldsAligned(page: Page) {
  const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
  for (const [a, b] of [
    ['label[for="card-expiry"]', 'label[for="card-cvc"]'],
    ['#card-expiry-hint', '#card-cvc-hint'],
    ['#card-expiry', '#card-cvc'],
  ] as const) {
    const [first, second] = [await box(a), await box(b)];
    expect(Math.abs(first.y - second.y), `${a} and ${b} at the same height`).toBeLessThanOrEqual(1);
    expect(Math.abs(first.height - second.height), `${a} and ${b} as tall`).toBeLessThanOrEqual(1);
  }
}

/** Cart → checkout → payment → confirm → place → thank-you → order page, checking each page's sums. */
async function checkoutAndCheck(
  page: Page,
  name: string,
  address: Parameters<typeof fillAddress>[1],
): Promise<void> {
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Priority Shipping/ }).check();
  await fillAddress(page, address);
  await expect(page.locator('.checkout-side')).toContainText('Shipping (Priority Shipping)');
  await expectStatementAddsUp(page.locator('.checkout-side'), 2);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);

  // The payment step shows what will be paid.
  const summary = page.getByRole('region', { name: 'Order total' });
  await expect(summary).toBeVisible();
  const paymentStep = await expectStatementAddsUp(summary, 'no lines');
  expect(await amountIn(page.getByTestId('payment-total'))).toBe(paymentStep.total);
  expect(paymentStep.shipping).toBeGreaterThan(0);
  await payByCard(page);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    await page.setViewportSize(size);
    await expectCardFieldsAligned(page);
  }
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, `${name}-payment`);
  await page.getByRole('button', { name: 'Review order' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirm-order$/);

  const products = page.getByRole('region', { name: 'Products' });
  const confirm = await expectStatementAddsUp(products, 2);
  expect(confirm.total, 'the confirm page shows what the payment step showed').toBe(paymentStep.total);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, `${name}-confirm`);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you\?order=UL-\d{6}/);

  const thankYou = await expectStatementAddsUp(page.getByRole('region', { name: 'Your order' }), 2);
  expect(thankYou.total, 'the order charges what the confirm page showed').toBe(confirm.total);
  expect(thankYou.tax).toBe(confirm.tax);
  await saveScreenshots(page, `${name}-thank-you`);

  await page.getByRole('link', { name: 'View the order' }).click();
  await expect(page.getByRole('heading', { name: /^Order UL-/ })).toBeVisible();
  const order = await expectStatementAddsUp(page.getByRole('region', { name: 'Items' }), 2);
  expect(order).toEqual(thankYou);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, `${name}-order`);
}

test('with a fixed coupon in the Global store, cart, checkout and order pages add up to the total', async ({ page }) => {
  await signUp(page, 'DE');
  await addToCart(page, ROUTER, 1);
  await addToCart(page, ACCESS_POINT, 2);
  await page.goto('/cart');
  await applyCoupon(page, 'SAVE25');
  const cart = await expectStatementAddsUp(page.locator('.cart-layout'), 2);
  expect(cart.discount).toBe(2_500);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'totals-global-cart');

  await checkoutAndCheck(page, 'totals-global', { line1: 'Hauptstrasse 1', city: 'Berlin', postal: '10115', country: 'DE', phone: '030123456789' });
});

test('with a percent coupon and California sales tax in the US store, every page adds up and the order charges what confirm showed', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'uplink_store', value: 'us', url: baseURL! }]);
  await signUp(page, 'US');
  await addToCart(page, ROUTER, 1);
  await addToCart(page, ACCESS_POINT, 2);
  await page.goto('/cart');
  await applyCoupon(page, 'USONLY15');
  const taxed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/cart' && r.url().includes('tax_state=CA'));
  await page.getByLabel('Ship to state (for sales tax)').selectOption('CA');
  await taxed;
  await expect(page.getByText(/^Sales tax \(CA/)).toBeVisible();
  const cart = await expectStatementAddsUp(page.locator('.cart-layout'), 2);
  expect(cart.tax).toBeGreaterThan(0);
  await saveScreenshots(page, 'totals-us-cart');

  await checkoutAndCheck(page, 'totals-us', {
    line1: '1 Market St',
    city: 'San Francisco',
    state: 'CA',
    postal: '94105',
    country: 'US',
    phone: '4155550100',
  });
});
