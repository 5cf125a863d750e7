import { expect, test, type Page, type Request } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { saveScreenshots } from './support/screenshots';

// SPEC §14 end to end: the real @sentry/react SDK in the built app reports to
// Uplink's own intake, and staff read the reports at /admin/errors.

const ENVELOPE = /\/api\/\d+\/envelope\//;

async function signInAsAdmin(page: Page) {
  const res = await page.request.post('/api/v1/auth/login', {
    data: { email: 'admin@uplink.test', password: 'uplink-demo-1' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens a page and waits until the SDK is running (its first session envelope was answered). */
async function openWithSdk(page: Page, path = '/') {
  const firstEnvelope = page.waitForResponse((r) => ENVELOPE.test(r.url()) && r.request().method() === 'POST');
  await page.goto(path);
  const res = await firstEnvelope;
  expect(res.status()).toBe(200);
}

/** Envelope bodies the page sends, decoded (the SDK sends plain text). */
function collectEnvelopes(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (req: Request) => {
    if (ENVELOPE.test(req.url()) && req.method() === 'POST') bodies.push(req.postData() ?? '');
  });
  return bodies;
}

async function waitForEventEnvelopes(bodies: string[], needles: string[]) {
  const missing = () => needles.filter((n) => !bodies.some((b) => b.includes('"type":"event"') && b.includes(n)));
  await expect.poll(missing, { timeout: 10_000, message: 'error events the SDK did not send' }).toEqual([]);
}

test('an uncaught error and an unhandled rejection reach the staff page with breadcrumbs and release; a repeat is dropped', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  await signInAsAdmin(page);
  const bodies = collectEnvelopes(page);
  await openWithSdk(page, '/');

  // A navigation and a click leave breadcrumbs before the errors.
  await page.getByRole('link', { name: 'Uplink — home' }).click();
  // One at a time: the SDK ignores global errors in the task right after a caught one.
  await page.evaluate((id) => {
    setTimeout(() => {
      throw new TypeError(`e2e uncaught error ${id}`);
    });
  }, run);
  await waitForEventEnvelopes(bodies, [`e2e uncaught error ${run}`]);
  await page.evaluate((id) => {
    void Promise.reject(new RangeError(`e2e unhandled rejection ${id}`));
  }, run);
  await waitForEventEnvelopes(bodies, [`e2e unhandled rejection ${run}`]);
  // The same error twice in a row: the SDK keeps the first only.
  await page.evaluate((id) => {
    function failTwice() {
      throw new Error(`e2e repeated error ${id}`);
    }
    setTimeout(failTwice, 10);
    setTimeout(failTwice, 300);
  }, run);
  await waitForEventEnvelopes(bodies, [`e2e repeated error ${run}`]);
  // Give a second repeat the chance to be (wrongly) sent. Only error events count: a sampled
  // transaction sent meanwhile carries the first report as a breadcrumb.
  await page.waitForTimeout(1000);
  expect(bodies.filter((b) => b.includes('"type":"event"') && b.includes(`e2e repeated error ${run}`))).toHaveLength(1);

  await page.goto('/admin/errors');
  await expect(page.getByRole('heading', { level: 1, name: 'Error reports' })).toBeVisible();
  const uncaught = page.getByRole('link', { name: `TypeError: e2e uncaught error ${run}` });
  await expect(uncaught).toBeVisible();
  await expect(page.getByRole('link', { name: `RangeError: e2e unhandled rejection ${run}` })).toBeVisible();
  const repeated = page.getByRole('row').filter({ hasText: `e2e repeated error ${run}` });
  await expect(repeated.getByRole('cell').nth(1)).toHaveText('1');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'errors-issues');

  await uncaught.click();
  await expect(page.getByRole('heading', { level: 1, name: `TypeError: e2e uncaught error ${run}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Stack trace: TypeError/ })).toBeVisible();
  await expect(page.getByText('unhandled', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Breadcrumbs \(\d+\)/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Breadcrumbs (0)' })).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: /^release: uplink@\d+\.\d+\.\d+/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'environment: e2e' })).toBeVisible();
  await expect(page.getByText(/Chrom/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'errors-issue-detail');
});

test('the staff test button sends a real report, and the releases and routes tabs render', async ({ page }) => {
  await signInAsAdmin(page);
  await openWithSdk(page, '/admin/errors');
  const sent = page.waitForResponse((r) => ENVELOPE.test(r.url()) && (r.request().postData() ?? '').includes('Uplink test error'));
  await page.getByRole('button', { name: 'Send a test error' }).click();
  expect((await sent).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Error: Uplink test error: error reporting works' })).toBeVisible();
  await page.getByRole('tab', { name: 'Releases' }).click();
  await expect(page.getByRole('columnheader', { name: 'Crash-free' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /^uplink@/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'errors-releases');
  await page.getByRole('tab', { name: 'Slowest routes' }).click();
  await expect(page.getByRole('combobox', { name: 'Period' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a customer cannot see error reports', async ({ page }) => {
  const res = await page.request.post('/api/v1/auth/login', {
    data: { email: 'customer@uplink.test', password: 'uplink-demo-1' },
  });
  expect(res.status()).toBe(200);
  await page.goto('/admin/errors');
  await expect(page.getByRole('alert')).toContainText('can’t do this');
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('after a 429 with Retry-After the SDK stops sending for that period', async ({ page }) => {
  let received = 0;
  await page.route(ENVELOPE, async (route) => {
    received += 1;
    await route.fulfill({
      status: 429,
      headers: {
        'Retry-After': '60',
        'X-Sentry-Rate-Limits': '60::key:key_quota',
        'Access-Control-Expose-Headers': 'X-Sentry-Rate-Limits, Retry-After',
      },
      contentType: 'application/problem+json',
      body: JSON.stringify({ code: 'rate_limited' }),
    });
  });
  await page.goto('/');
  await expect.poll(() => received, { timeout: 10_000 }).toBeGreaterThan(0);
  const afterLimit = received;
  await page.evaluate(() => {
    for (let i = 0; i < 5; i += 1) {
      setTimeout(() => {
        throw new Error(`e2e while rate limited ${i}`);
      }, i * 20);
    }
  });
  await page.waitForTimeout(1500);
  expect(received).toBe(afterLimit);
});

test.describe('trace propagation', () => {
  test.use({ bypassCSP: true });

  test('same-origin API requests carry sentry-trace and baggage; another origin does not', async ({ page }) => {
    await openWithSdk(page, '/');
    // Router tracing (which adds the headers) is its own chunk, added right after the first render (D75).
    await page.waitForLoadState('networkidle');
    await page.route('https://other.example/**', (route) =>
      route.fulfill({ status: 200, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'ok' }),
    );
    const [own, other] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/stores')),
      page.waitForRequest('https://other.example/ping'),
      page.evaluate(async () => {
        await fetch('/api/v1/stores');
        await fetch('https://other.example/ping');
      }),
    ]);
    const ownHeaders = await own.allHeaders();
    expect(ownHeaders['sentry-trace']).toMatch(/^[0-9a-f]{32}-[0-9a-f]{16}(-[01])?$/);
    expect(ownHeaders['baggage']).toContain('sentry-');
    const otherHeaders = await other.allHeaders();
    expect(otherHeaders['sentry-trace']).toBeUndefined();
    expect(otherHeaders['baggage']).toBeUndefined();
  });
});
