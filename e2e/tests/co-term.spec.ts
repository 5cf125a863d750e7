import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { saveScreenshots } from './support/screenshots';
import { csrfToken, ownAddress } from './support/session';

// Co-term (issue 16, SPEC §8): a customer ticks two devices on device management and asks
// for a co-term quotation; Uplink prorates the earlier-ending device's renewal to the later
// one's end date and submits the quotation to sales.

/**
 * Moves a device's coverage end straight in the e2e server's database: a fresh account's
 * devices all end a year after they were added, and two different end dates are what a
 * co-term needs (a real account gets them from months of history).
 */
function coverageEndsInDays(serial: string, days: number): void {
  const db = process.env.E2E_DB_PATH;
  if (!db) throw new Error('No E2E_DB_PATH: cannot move the coverage');
  const script = `
import sqlite3, sys, time
db, serial, days = sys.argv[1], sys.argv[2], int(sys.argv[3])
con = sqlite3.connect(db, timeout=30)
day = 86400000
today = int(time.time() * 1000) // day * day
con.execute("UPDATE devices SET warranty_ends_at = ? WHERE serial = ?", (today + days * day, serial))
con.commit()
`;
  execFileSync('python3', ['-c', script, db, serial, String(days)]);
}

test.describe('co-term', () => {
  test.use({ extraHTTPHeaders: ownAddress(17) });

  test('two devices are brought to one end date by a submitted quotation', async ({ page }) => {
    test.setTimeout(90_000);
    const tag = Date.now().toString(36).toUpperCase().slice(-4).padStart(4, '0');
    const [first, second] = [`1824-CT${tag.slice(0, 2)}-${tag}`, `1824-CU${tag.slice(0, 2)}-${tag}`];
    await page.goto('/');
    const email = `co-term-${tag.toLowerCase()}@example.com`;
    const registered = await page.request.post('/api/v1/auth/register', {
      data: { email, password: 'e2e-co-term-password', name: 'Cora Term', country: 'DE' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    for (const serial of [first, second]) {
      const added = await page.request.post('/api/v1/me/devices', {
        data: { serial },
        headers: { 'X-CSRF-Token': await csrfToken(page) },
      });
      expect(added.status(), await added.text()).toBe(201);
    }
    coverageEndsInDays(first, 40);
    coverageEndsInDays(second, 200);

    await page.goto('/account/device-management');
    await page.getByRole('checkbox', { name: `Co-term ${first}` }).check();
    const panel = page.getByRole('region', { name: /Co-term quotation/ });
    await expect(panel).toContainText('1 device selected');
    await expect(panel.getByRole('button', { name: 'Request co-term quotation' })).toBeDisabled();
    await page.getByRole('checkbox', { name: `Co-term ${second}` }).check();
    await expect(panel).toContainText('2 devices selected');
    await panel.getByLabel('Note for sales (optional)').fill('Align both branches with the head office contract.');
    await saveScreenshots(page, 'co-term-selection');
    await expectNoSeriousA11yViolations(page);
    await panel.getByRole('button', { name: 'Request co-term quotation' }).click();

    // The quotation: submitted to sales, the earlier device's renewal prorated to the later end.
    await expect(page).toHaveURL(/\/account\/quotation\/Q-\d{6}$/);
    await expect(page.getByText(first).first()).toBeVisible();
    await expect(page.getByText(/Submitted/).first()).toBeVisible();
    const number = page.url().split('/').pop() ?? '';
    const detail = await page.request.get(`/api/v1/quotations/${number}`);
    const quotation = (await detail.json()) as {
      source: string;
      lines: { serials: string[]; quote: { kind: string } | null; quoted_total: { cents: number }; subtotal: { cents: number } }[];
    };
    expect(quotation.source).toBe('co_term');
    expect(quotation.lines).toHaveLength(1);
    const [line] = quotation.lines;
    expect(line?.serials).toEqual([first]);
    expect(line?.quote?.kind).toBe('proposed_total');
    // 160 of ~365 days: well under the whole renewal's price.
    expect(line?.quoted_total.cents ?? Infinity).toBeLessThan((line?.subtotal.cents ?? 0) * 0.5);
    await saveScreenshots(page, 'co-term-quotation');
    await expectNoSeriousA11yViolations(page);
  });
});
