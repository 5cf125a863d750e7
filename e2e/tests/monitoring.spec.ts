import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { groupChunkPattern } from './support/chunks';
import { measureLayout, waitForSettledPage } from './support/layout';
import { mailDir } from './support/mail';
import { saveScreenshots, VIEWPORTS } from './support/screenshots';
import { csrfToken, ownAddress, signInViaApi, signInWithForm } from './support/session';

// Usage monitoring end to end (issue 17, SPEC §13): an admin creates an integration key, a
// system posts usage records for the demo customer's eSIM with it, and /monitoring shows the
// new used / remaining figures and today's use; a low-data alert set on the page e-mails the
// customer once when the data crosses it; "Top up" puts the eSIM bundle in the cart for that
// ICCID; a guest is asked to sign in and comes back.
//
// The demo eSIM is shared with anything else that runs on the demo database, so every check is
// relative to the figures read just before (record ids carry a random suffix, thresholds are
// chosen below the remaining data read first).

const CUSTOMER = 'customer@uplink.test';
const ADMIN = 'admin@uplink.test';
const MB = 1_048_576;

interface UsageAlert {
  kind: 'percent' | 'mb';
  value: number;
  reached: boolean;
  last_sent_at?: string | null;
}
interface UsageItem {
  id: string;
  kind: 'subscription' | 'esim' | 'pool';
  name: string;
  sku: string;
  iccid: string | null;
  unlimited: boolean;
  allowance_mb: number | null;
  used_mb: number;
  remaining_mb: number | null;
  alert: UsageAlert | null;
  top_up: { sku: string; name: string; option_code: string; option_value: string } | null;
}
interface UsageDay {
  date: string;
  bytes_up: number;
  bytes_down: number;
  bytes: number;
}

/** A tag of this run for record ids and key names. */
function runTag(): string {
  return `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** The web app's byte formats (web/src/lib/bytes.ts), to compare with what the page shows. */
function formatMegabytes(mb: number): string {
  if (mb < 1024) return `${mb} MB`;
  const gb = mb / 1024;
  const whole = (value: number) => String(Number(value.toFixed(1)));
  return gb < 1024 ? `${whole(gb)} GB` : `${whole(gb / 1024)} TB`;
}
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** The signed-in customer's usage (`GET /me/usage`) and their demo eSIM in it. */
async function usage(request: APIRequestContext): Promise<{ today: string; esim: UsageItem }> {
  const res = await request.get('/api/v1/me/usage');
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { today: string; items: UsageItem[] };
  const esim = body.items.find((item) => item.kind === 'esim' && item.name === 'Uplink eSIM — Global');
  expect(esim, `the demo eSIM is not monitored: ${JSON.stringify(body.items.map((i) => [i.kind, i.name]))}`).toBeDefined();
  return { today: body.today, esim: esim! };
}

/** An item's last 30 days (`GET /me/usage/{id}/daily`), ending with today's entry. */
async function dailyOf(request: APIRequestContext, id: string, today: string): Promise<{ days: UsageDay[]; today: UsageDay }> {
  const res = await request.get(`/api/v1/me/usage/${encodeURIComponent(id)}/daily?days=30`);
  expect(res.status(), await res.text()).toBe(200);
  const { days } = (await res.json()) as { days: UsageDay[] };
  expect(days).toHaveLength(30);
  const last = days.at(-1)!;
  expect(last.date).toBe(today);
  return { days, today: last };
}

/** A page signed in as `email` in a browser context of its own. */
async function signedIn(browser: Browser, email: string, block: number): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress(block) });
  const page = await context.newPage();
  await page.goto('/');
  await signInViaApi(page.request, email);
  return page;
}

/** An integration key made by the admin through the API (`POST /admin/integration-keys`): its id and secret. */
async function createKeyViaApi(admin: Page, name: string): Promise<{ id: string; secret: string }> {
  const res = await admin.request.post('/api/v1/admin/integration-keys', {
    data: { name },
    headers: { 'X-CSRF-Token': await csrfToken(admin) },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { key: { id: string }; secret: string };
  return { id: body.key.id, secret: body.secret };
}

type UsageRecord = {
  record_id: string;
  iccid: string;
  period_start: string;
  period_end: string;
  bytes_up: number;
  bytes_down: number;
};

/** Records of `mb` whole MB (a fifth up, the rest down) for an ICCID, in `parts` records of the last hour of today (UTC). */
function usageRecords(iccid: string, mb: number, tag: string, parts = 1): UsageRecord[] {
  const now = Date.now();
  const midnight = Math.floor(now / 86_400_000) * 86_400_000;
  const end = Math.max(midnight, now - 1_000);
  const start = Math.max(midnight, end - 3_600_000);
  return Array.from({ length: parts }, (_, i) => {
    const partMb = i === parts - 1 ? mb - Math.floor(mb / parts) * (parts - 1) : Math.floor(mb / parts);
    const bytesUp = Math.floor(partMb / 5) * MB;
    return {
      record_id: `e2e-mon-${tag}-${i}`,
      iccid,
      period_start: new Date(start).toISOString(),
      period_end: new Date(end).toISOString(),
      bytes_up: bytesUp,
      bytes_down: partMb * MB - bytesUp,
    };
  });
}

/** Posts records as a batch with the integration key (`POST /usage-records`); answers the batch's counts. */
async function postRecords(
  request: APIRequestContext,
  secret: string,
  records: UsageRecord[],
): Promise<{ accepted: number; duplicates: number; refused: number }> {
  const res = await request.post('/api/v1/usage-records', {
    data: records,
    headers: { Authorization: `Bearer ${secret}` },
  });
  const text = await res.text();
  expect(res.status(), text).toBe(200);
  return JSON.parse(text) as { accepted: number; duplicates: number; refused: number };
}

/** Posts `mb` whole MB of usage for an ICCID with the key; every record must be accepted. */
async function postUsage(
  request: APIRequestContext,
  secret: string,
  iccid: string,
  mb: number,
  tag: string,
  parts = 1,
): Promise<{ up: number; down: number; records: UsageRecord[] }> {
  const records = usageRecords(iccid, mb, tag, parts);
  expect(await postRecords(request, secret, records)).toMatchObject({ accepted: parts, duplicates: 0, refused: 0 });
  return {
    up: records.reduce((sum, r) => sum + r.bytes_up, 0),
    down: records.reduce((sum, r) => sum + r.bytes_down, 0),
    records,
  };
}

/** The /monitoring card of the demo eSIM. */
function esimCard(page: Page, iccid: string): Locator {
  return page.getByRole('article').filter({ hasText: iccid });
}

/** The figure next to `term` (Allowance, Used, Remaining…) on a card. */
function fact(card: Locator, term: string): Locator {
  return card.locator('.usage-facts__row').filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');
}

/** The names of the low-data e-mails in the SMTP sink's folder for the customer. */
async function lowDataMails(dir: string, itemName: string): Promise<string[]> {
  const found: string[] = [];
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.txt') && f.includes(CUSTOMER)).sort()) {
    const text = await readFile(join(dir, file), 'utf8');
    if (text.startsWith(`Subject: Low data: ${itemName} has `)) found.push(file);
  }
  return found;
}

test.describe('usage monitoring', () => {
  test.use({ extraHTTPHeaders: ownAddress(18) });

  test('an admin creates a key on the page; records posted with it show on /monitoring', async ({ browser }) => {
    test.setTimeout(120_000);
    const tag = runTag();

    // The admin creates a key on /admin/integration-keys: the secret is shown once.
    const admin = await signedIn(browser, ADMIN, 19);
    await admin.goto('/admin/integration-keys');
    await expect(admin.getByRole('heading', { level: 1, name: 'Integration keys' })).toBeVisible();
    const keyName = `E2E usage feed ${tag}`;
    await admin.getByLabel(/^Key name/).fill(keyName);
    await admin.getByRole('button', { name: 'Create key' }).click();
    await expect(admin.getByRole('heading', { name: `Copy the key “${keyName}” now` })).toBeFocused();
    const secret = await admin.getByLabel(/^Integration key/).inputValue();
    expect(secret).toMatch(/^upk_\S{20,}$/);
    await expect(admin.getByRole('status').filter({ hasText: `Key “${keyName}” created` })).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    await saveScreenshots(admin, 'monitoring-integration-key-created');
    await admin.getByRole('button', { name: 'Done — I have stored the key' }).click();
    await expect(admin.getByLabel(/^Integration key/)).toHaveCount(0);
    const row = admin.getByRole('row').filter({ hasText: keyName });
    await expect(row).toContainText(secret.slice(0, 12));
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Never');

    // The customer's eSIM and its figures before.
    const customer = await signedIn(browser, CUSTOMER, 20);
    const before = await usage(customer.request);
    const iccid = before.esim.iccid!;
    expect(iccid).toMatch(/^89\d{17}$/);
    expect(before.esim.id).toBe(iccid);
    const allowance = before.esim.allowance_mb!;
    expect(before.esim.remaining_mb, 'the demo eSIM has too little data left for this test').toBeGreaterThan(1024);
    const { today: dayBefore } = await dailyOf(customer.request, iccid, before.today);

    // The system posts 300 MB in two records; the same batch again counts once, and the same
    // record id with other figures is refused.
    const sent = await postUsage(customer.request, secret, iccid, 300, tag, 2);
    expect(await postRecords(customer.request, secret, sent.records)).toMatchObject({ accepted: 0, duplicates: 2, refused: 0 });
    const again = await customer.request.post('/api/v1/usage-records', {
      data: {
        record_id: `e2e-mon-${tag}-0`,
        iccid,
        period_start: new Date(Date.now() - 3_600_000).toISOString(),
        period_end: new Date().toISOString(),
        bytes_up: 1,
        bytes_down: 1,
      },
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(again.status(), await again.text()).toBe(422);
    expect(((await again.json()) as { code: string }).code).toBe('usage_record_conflict');

    const after = await usage(customer.request);
    expect(after.esim.used_mb).toBe(before.esim.used_mb + 300);
    expect(after.esim.remaining_mb).toBe(allowance - before.esim.used_mb - 300);
    const { days, today: dayAfter } = await dailyOf(customer.request, iccid, after.today);
    expect(dayAfter.bytes_up).toBe(dayBefore.bytes_up + sent.up);
    expect(dayAfter.bytes_down).toBe(dayBefore.bytes_down + sent.down);
    expect(dayAfter.bytes).toBe(dayBefore.bytes + 300 * MB);

    // /monitoring: the card's figures and meter, and today's row of the daily table.
    const chunks: string[] = [];
    customer.on('request', (request) => chunks.push(request.url()));
    await customer.goto('/monitoring');
    await expect(customer.getByRole('heading', { level: 1, name: 'Connectivity usage' })).toBeVisible();
    const card = esimCard(customer, iccid);
    await expect(card.getByRole('heading', { level: 2, name: 'Uplink eSIM — Global' })).toBeVisible();
    await expect(fact(card, 'Allowance')).toHaveText(formatMegabytes(allowance));
    const percent = Math.round((after.esim.used_mb / allowance) * 100);
    await expect(fact(card, 'Used')).toHaveText(`${formatMegabytes(after.esim.used_mb)} (${percent}%)`);
    await expect(fact(card, 'Remaining')).toHaveText(formatMegabytes(after.esim.remaining_mb!));
    const meter = card.getByRole('meter', { name: 'Data used' });
    await expect(meter).toHaveAttribute('aria-valuenow', String(after.esim.used_mb));
    await expect(meter).toHaveAttribute('aria-valuemax', String(allowance));
    // The chart is drawn (uPlot, in the monitoring group's chunks), named by its summary.
    await expect(card.locator('.usage-daily canvas').first()).toBeVisible({ timeout: 15_000 });
    const total = days.reduce((sum, day) => sum + day.bytes, 0);
    const busiest = days.reduce((most, day) => (day.bytes > most.bytes ? day : most));
    const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.parse(busiest.date));
    await expect(card.getByRole('img', { name: /^Daily use of Uplink eSIM — Global, last 30 days\./ })).toHaveAccessibleName(
      `Daily use of Uplink eSIM — Global, last 30 days. ${formatBytes(total)} used in the last 30 days; the busiest day was ${dayMonth} with ${formatBytes(busiest.bytes)}.`,
    );
    expect(chunks.some((url) => groupChunkPattern('monitoring').test(new URL(url).pathname))).toBe(true);
    await card.getByText('Show the daily figures as a table').click();
    const table = card.getByRole('table', { name: /^Daily use of Uplink eSIM — Global, last 30 days/ });
    await expect(table).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(30);
    const todayRow = table.locator('tbody tr').filter({ has: customer.locator(`time[datetime="${after.today}"]`) });
    await expect(todayRow).toHaveCount(1);
    await expect(table.locator('tbody tr').first()).toContainText(await todayRow.locator('th').innerText());
    await expect(todayRow.locator('td[data-label="Download"]')).toHaveText(formatBytes(dayAfter.bytes_down));
    await expect(todayRow.locator('td[data-label="Upload"]')).toHaveText(formatBytes(dayAfter.bytes_up));
    await expect(todayRow.locator('td[data-label="Total"]')).toHaveText(formatBytes(dayAfter.bytes));
    await waitForSettledPage(customer);
    await expectNoSeriousA11yViolations(customer);

    // 360 px and 1280 px: nothing scrolls sideways, with the table open too.
    for (const [label, size] of Object.entries(VIEWPORTS)) {
      await customer.setViewportSize(size);
      const report = await measureLayout(customer);
      expect(report.scrollWidth, `/monitoring at ${label} is ${report.scrollWidth} px wide`).toBeLessThanOrEqual(report.viewportWidth);
    }
    await card.scrollIntoViewIfNeeded();
    await saveScreenshots(customer, 'monitoring');

    // The admin's list shows the key was used.
    await admin.reload();
    await expect(admin.getByRole('row').filter({ hasText: keyName })).not.toContainText('Never');

    // Revoked: the key is refused.
    const keys = await admin.request.get('/api/v1/admin/integration-keys');
    const key = ((await keys.json()) as { keys: Array<{ id: string; name: string; last_used_at: string | null }> }).keys.find(
      (k) => k.name === keyName,
    );
    expect(key?.last_used_at).toBeTruthy();
    const revoked = await admin.request.delete(`/api/v1/admin/integration-keys/${key!.id}`, {
      headers: { 'X-CSRF-Token': await csrfToken(admin) },
    });
    expect(revoked.status(), await revoked.text()).toBe(204);
    const refused = await customer.request.post('/api/v1/usage-records', {
      data: {
        record_id: `e2e-mon-${tag}-revoked`,
        iccid,
        period_start: new Date(Date.now() - 60_000).toISOString(),
        period_end: new Date().toISOString(),
        bytes_up: 1,
        bytes_down: 1,
      },
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(refused.status(), await refused.text()).toBe(401);
    await admin.context().close();
    await customer.context().close();
  });

  test('a low-data alert set on the page e-mails the customer once when the data crosses it', async ({ browser }) => {
    test.setTimeout(120_000);
    const tag = runTag();
    const admin = await signedIn(browser, ADMIN, 21);
    const key = await createKeyViaApi(admin, `E2E alert feed ${tag}`);
    const customer = await signedIn(browser, CUSTOMER, 22);
    const { esim } = await usage(customer.request);
    const iccid = esim.iccid!;
    const remaining = esim.remaining_mb!;
    // A threshold a little below what is left now, in quarter GB (typed exactly in the GB field).
    const threshold = Math.floor((remaining - 100) / 256) * 256;
    expect(threshold, `the demo eSIM has only ${remaining} MB left: too little for this test`).toBeGreaterThanOrEqual(256);
    const gbText = String(threshold / 1024);

    await customer.goto('/monitoring');
    const card = esimCard(customer, iccid);
    const alert = card.getByRole('region', { name: 'Low-data alert' });
    await alert.getByRole('radio', { name: 'When an amount of data is left (GB)' }).check();
    await alert.getByLabel(/^Data left, in GB/).fill(gbText);
    await alert.getByRole('button', { name: 'Save alert' }).click();
    await expect(alert.getByRole('status').filter({ hasText: /^Saved/ })).toHaveText(
      `Saved: we’ll e-mail you when ${formatMegabytes(threshold)} is left.`,
    );
    const set = await usage(customer.request);
    expect(set.esim.alert).toMatchObject({ kind: 'mb', value: threshold, reached: false });
    await expectNoSeriousA11yViolations(customer);

    // Usage crosses the threshold: one e-mail "Low data: …" reaches the SMTP server.
    const dir = mailDir();
    const mailsBefore = dir ? await lowDataMails(dir, esim.name) : [];
    await postUsage(customer.request, key.secret, iccid, remaining - threshold + 1, `${tag}-cross`);
    const crossed = await usage(customer.request);
    expect(crossed.esim.remaining_mb).toBe(threshold - 1);
    await expect
      .poll(async () => (await usage(customer.request)).esim.alert, { timeout: 10_000 })
      .toMatchObject({ kind: 'mb', value: threshold, reached: true, last_sent_at: expect.any(String) });
    if (dir) {
      let fresh: string[] = [];
      await expect
        .poll(
          async () => {
            fresh = (await lowDataMails(dir, esim.name)).filter((f) => !mailsBefore.includes(f));
            return fresh.length;
          },
          { timeout: 20_000, message: `no "Low data:" e-mail for ${CUSTOMER} reached the SMTP server` },
        )
        .toBe(1);
      const mail = await readFile(join(dir, fresh[0]!), 'utf8');
      expect(mail).toContain(`Subject: Low data: ${esim.name} has ${formatMegabytes(threshold - 1)} left`);
      expect(mail).toContain(`To: ${CUSTOMER}`);
      expect(mail).toContain('/monitoring');

      // More usage below the threshold sends nothing more (once per crossing).
      await postUsage(customer.request, key.secret, iccid, 1, `${tag}-more`);
      await customer.waitForTimeout(2_000);
      expect((await lowDataMails(dir, esim.name)).filter((f) => !mailsBefore.includes(f))).toHaveLength(1);
    } else {
      test.info().annotations.push({ type: 'note', description: 'no SMTP sink (E2E_EXTRAS=0): the e-mail itself was not checked' });
    }

    // The page says the threshold is reached and when the e-mail went out.
    await customer.reload();
    await expect(card.getByRole('region', { name: 'Low-data alert' })).toContainText('Already reached');
    await expect(card.getByRole('region', { name: 'Low-data alert' })).toContainText('We e-mailed you about it on');

    // Leave the alert off for the next run.
    const off = await customer.request.put(`/api/v1/me/usage/${encodeURIComponent(iccid)}/alert`, {
      data: { kind: 'off' },
      headers: { 'X-CSRF-Token': await csrfToken(customer) },
    });
    expect(off.status(), await off.text()).toBe(200);
    await admin.request.delete(`/api/v1/admin/integration-keys/${key.id}`, { headers: { 'X-CSRF-Token': await csrfToken(admin) } });
    await admin.context().close();
    await customer.context().close();
  });

  test('top up puts the eSIM data bundle in the cart for that ICCID', async ({ browser }) => {
    test.setTimeout(60_000);
    const customer = await signedIn(browser, CUSTOMER, 23);
    const { esim } = await usage(customer.request);
    const iccid = esim.iccid!;
    expect(esim.top_up).toMatchObject({ option_code: 'iccid', option_value: iccid });
    const topUp = esim.top_up!;

    await customer.goto('/monitoring');
    const card = esimCard(customer, iccid);
    await expect(card).toContainText(`Adds ${topUp.name} to your cart for eSIM ${iccid}.`);
    await card.getByRole('button', { name: `Top up ${esim.name}` }).click();
    await expect(card.getByRole('status').filter({ hasText: /^Added/ })).toContainText(
      `Added ${topUp.name} for eSIM ${iccid} to your cart.`,
    );

    const cart = await customer.request.get('/api/v1/cart');
    expect(cart.status()).toBe(200);
    type Line = { id: string; product: { sku: string }; iccid: string | null; options: Array<{ code: string; value: string }> };
    const lines = ((await cart.json()) as { lines: Line[] }).lines;
    const line = lines.find((l) => l.product.sku === topUp.sku && (l.iccid === iccid || l.options.some((o) => o.value === iccid)));
    expect(line, `no ${topUp.sku} line for ${iccid} in ${JSON.stringify(lines)}`).toBeDefined();
    expect(line!.iccid).toBe(iccid);

    await card.getByRole('link', { name: 'Go to the cart' }).click();
    await expect(customer).toHaveURL(/\/cart$/);
    await expect(customer.getByRole('main')).toContainText(topUp.name);
    await expect(customer.getByRole('main')).toContainText(iccid);

    // Leave the demo customer's cart as it was.
    const removed = await customer.request.delete(`/api/v1/cart/lines/${line!.id}`, {
      headers: { 'X-CSRF-Token': await csrfToken(customer) },
    });
    expect(removed.status(), await removed.text()).toBeLessThan(300);
    await customer.context().close();
  });

  test('a guest is asked to sign in and comes back to /monitoring', async ({ page }) => {
    await page.goto('/monitoring');
    await expect(page.getByRole('heading', { name: 'Sign in to see the usage of your plans' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?return_to=%2Fmonitoring$/);
    await signInWithForm(page, CUSTOMER);
    await expect(page).toHaveURL(/\/monitoring$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Uplink eSIM — Global' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to see the usage of your plans' })).toHaveCount(0);
  });
});
