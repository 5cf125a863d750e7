import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { groupChunkPattern } from './support/chunks';
import { saveScreenshots } from './support/screenshots';

interface ShellCase {
  name: string;
  path: string;
  expectShell: (page: Page) => Promise<void>;
}

const SHELLS: ShellCase[] = [
  {
    name: 'main-home',
    path: '/',
    async expectShell(page) {
      await expect(page.getByRole('heading', { level: 1, name: /Networking hardware, data plans and licences/ })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('search', { name: 'Search the store' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Uplink — home' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
      await expect(page.getByRole('combobox', { name: 'Store' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    },
  },
  {
    name: 'mobile-home',
    path: '/mobile',
    async expectShell(page) {
      // Without the app's sign-in (#token=…) the page asks to be opened from the app (SPEC §12).
      await expect(page.getByRole('heading', { level: 1, name: 'Open this page again from the app' })).toBeVisible();
      await expect(page.getByRole('banner')).toContainText('Uplink');
      await expect(page.getByRole('search')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    },
  },
  {
    name: 'monitoring',
    path: '/monitoring',
    async expectShell(page) {
      await expect(page.getByRole('heading', { level: 1, name: 'Connectivity usage' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Monitoring' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?return_to=%2Fmonitoring');
    },
  },
  {
    name: 'referral-home',
    path: '/m/referral',
    async expectShell(page) {
      await expect(page.getByRole('banner')).toContainText('Uplink Referral Store');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Uplink Referral Store' })).toBeVisible();
    },
  },
  {
    name: 'referral-v2-products',
    path: '/m/v2/referral/products?store=ref-uplink',
    async expectShell(page) {
      await expect(page.getByRole('banner')).toContainText('Uplink Rewards');
      await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/m/v2/referral/cart');
    },
  },
];

test.describe('screen groups', () => {
  for (const shell of SHELLS) {
    test(`${shell.path} loads the ${shell.name} shell, passes axe and is screenshotted`, async ({ page }) => {
      const mainGroupChunks: string[] = [];
      page.on('request', (req) => {
        if (groupChunkPattern('main').test(req.url())) mainGroupChunks.push(req.url());
      });
      await page.goto(shell.path);
      await expect(page.locator('#root')).toHaveCount(1);
      await expect(page.getByRole('main')).toBeVisible();
      await shell.expectShell(page);
      // Only the main group's pages download the main group (it is preloaded there, SPEC §11).
      if (shell.name.startsWith('main')) expect(mainGroupChunks.length).toBeGreaterThan(0);
      else expect(mainGroupChunks, `${shell.path} downloaded the main group`).toEqual([]);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshots(page, shell.name);
    });
  }

  test('reloading the deep link /mobile/warranties/cart keeps the mobile shell', async ({ page }) => {
    await page.goto('/mobile/warranties/cart');
    await page.reload();
    await expect(page.getByRole('banner')).toContainText('Uplink');
    await expect(page.getByRole('heading', { level: 1, name: 'Open this page again from the app' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Uplink', exact: true })).toHaveAttribute('href', '/mobile');
    await expect(page.getByRole('search')).toHaveCount(0);
  });

  test('an unknown path shows the main not-found page', async ({ page }) => {
    await page.goto('/definitely-not-a-page');
    await expect(page.getByRole('heading', { level: 1, name: 'We can’t find that page' })).toBeVisible();
    await expect(page.getByRole('search', { name: 'Search the store' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'main-not-found');
  });

  test('the search box navigates to /search?q=…', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search products' }).fill('balance 20x');
    await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=balance%2020x$/);
  });

  test('the store switcher remembers the chosen store in a cookie', async ({ page, context }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Store' }).selectOption('us');
    const cookie = (await context.cookies()).find((c) => c.name === 'uplink_store');
    expect(cookie?.value).toBe('us');
    expect(cookie?.sameSite).toBe('Lax');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Store' })).toHaveValue('us');
  });

  test('a failed group chunk shows the chunk-load error with a Reload button', async ({ page }) => {
    let aborted = 0;
    await page.route(groupChunkPattern('mobile'), async (route) => {
      aborted += 1;
      await route.abort('failed');
    });
    await page.goto('/mobile');
    await expect(page.getByRole('heading', { name: 'We couldn’t load this part of the store' })).toBeVisible();
    const reload = page.getByRole('button', { name: 'Reload' });
    await expect(reload).toBeVisible();
    expect(aborted).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'chunk-load-error');

    await page.unroute(groupChunkPattern('mobile'));
    await reload.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Open this page again from the app' })).toBeVisible();
  });
});
