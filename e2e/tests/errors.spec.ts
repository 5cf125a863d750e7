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

/**
 * Asks the page's Sentry client (reached through the SDK's global carrier: the app exports no SDK).
 * `settle` waits until the SDK is idle: every captured event processed and every envelope sent so
 * far answered, with the answer's rate limits applied (`Client.flush`). Twice, as an envelope sent
 * while the first flush waited for an earlier answer is only covered by the second. `tracing`
 * tells whether router tracing (its own chunk, added after the first render, D75) is running.
 */
async function askSdk(page: Page, query: 'settle' | 'tracing'): Promise<boolean> {
  return page.evaluate(async (q) => {
    interface SdkClient {
      flush(timeoutMs?: number): PromiseLike<boolean>;
      getIntegrationByName(name: string): unknown;
    }
    interface SdkCarrier {
      stack?: { getClient(): SdkClient | undefined };
      defaultCurrentScope?: { getClient(): SdkClient | undefined };
    }
    const registry = (globalThis as { __SENTRY__?: { version?: string } & Record<string, SdkCarrier | string | undefined> })
      .__SENTRY__;
    const carrier = registry?.version ? (registry[registry.version] as SdkCarrier | undefined) : undefined;
    const client = carrier?.stack?.getClient() ?? carrier?.defaultCurrentScope?.getClient();
    if (!client) throw new Error('the page has no running Sentry client');
    if (q === 'tracing') return client.getIntegrationByName('BrowserTracing') !== undefined;
    return (await client.flush(10_000)) && (await client.flush(10_000));
  }, query);
}

async function waitForSdkToSettle(page: Page) {
  expect(await askSdk(page, 'settle'), 'the SDK was still sending after 10 s').toBe(true);
}

/** Throws `count` uncaught errors with this message, `gapMs` apart, each in its own task; resolves once all were thrown. */
async function throwUncaught(page: Page, message: string, count: number, gapMs: number) {
  await page.evaluate(
    ([text, times, gap]) =>
      new Promise<void>((resolve) => {
        let thrown = 0;
        const onError = (event: ErrorEvent) => {
          if (!event.message.includes(text)) return;
          thrown += 1;
          if (thrown === times) {
            window.removeEventListener('error', onError);
            resolve();
          }
        };
        window.addEventListener('error', onError);
        for (let i = 0; i < times; i += 1) {
          setTimeout(() => {
            throw new Error(text);
          }, 10 + i * gap);
        }
      }),
    [message, count, gapMs] as const,
  );
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
  await throwUncaught(page, `e2e repeated error ${run}`, 2, 290);
  await waitForEventEnvelopes(bodies, [`e2e repeated error ${run}`]);
  // Both were thrown; once the SDK is idle a (wrongly) sent repeat has been sent too. Only error
  // events count: a sampled transaction sent meanwhile carries the first report as a breadcrumb.
  await waitForSdkToSettle(page);
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

test('errors thrown before the SDK runs are kept and reported once it does (D91)', async ({ page }) => {
  const run = Date.now().toString(36);
  const bodies = collectEnvelopes(page);
  // Thrown as the page's own scripts start, long before error reporting would load on its own.
  await page.addInitScript((id) => {
    document.addEventListener('DOMContentLoaded', () => {
      setTimeout(() => {
        throw new TypeError(`e2e early error ${id}`);
      });
      void Promise.reject(new RangeError(`e2e early rejection ${id}`));
    });
  }, run);
  await page.goto('/');
  await waitForEventEnvelopes(bodies, [`e2e early error ${run}`, `e2e early rejection ${run}`]);
  const early = bodies.find((b) => b.includes(`e2e early error ${run}`)) ?? '';
  expect(early).toContain('"handled":false');
  expect(early).toContain('"type":"onerror"');
  await waitForSdkToSettle(page);
  // Reported once (the later event mentions it only as a breadcrumb).
  expect(bodies.filter((b) => b.includes(`"value":"e2e early error ${run}"`))).toHaveLength(1);
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
  // The back office's layout turns non-staff away before any staff page loads.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('You can’t open the back office');
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
  // Envelopes the page sent before the first 429 reached it are still arriving (more of them
  // under load): count only once every one was answered and the SDK applied the limit.
  await waitForSdkToSettle(page);
  const afterLimit = received;
  // Distinct errors (the SDK drops an immediate repeat anyway). Once they were all thrown and the
  // SDK is idle again, anything it wrongly sent has reached the route.
  for (let i = 0; i < 5; i += 1) await throwUncaught(page, `e2e while rate limited ${i}`, 1, 0);
  await waitForSdkToSettle(page);
  expect(received).toBe(afterLimit);
});

test.describe('trace propagation', () => {
  test.use({ bypassCSP: true });

  test('same-origin API requests carry sentry-trace and baggage; another origin does not', async ({ page }) => {
    await openWithSdk(page, '/');
    // Router tracing (which adds the headers) is its own chunk, added right after the first render (D75).
    await expect.poll(() => askSdk(page, 'tracing'), { message: 'router tracing never started' }).toBe(true);
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
