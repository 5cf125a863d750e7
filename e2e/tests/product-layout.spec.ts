import { expect, test, type Locator, type Page } from '@playwright/test';
import { VIEWPORTS } from './support/screenshots';

// Issue 14: the product page jumped as it loaded (layout shift), was 702 px wide on a 360 px
// phone with a tab strip that neither wrapped nor scrolled, the bookmark heart sat on the card
// picture's tag, and the store-switch message covered the price.

const PRODUCT = '/products/pepwave-max-br1-pro-5g-prime';

/** Records every layout shift from the start of the navigation (PerformanceObserver, buffered). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; sources: string[] }> = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }
      >) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node;
          if (!(node instanceof Element)) return node?.nodeName ?? '?';
          return `${node.tagName.toLowerCase()}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).join('.')}` : ''}`;
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The summed layout shift once the page has settled (product shown, network quiet, a moment more). */
async function settledLayoutShift(page: Page): Promise<{ total: number; shifts: Array<{ value: number; sources: string[] }> }> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 1000))));
  const shifts = await page.evaluate(
    () => (window as unknown as { __layoutShifts: Array<{ value: number; sources: string[] }> }).__layoutShifts,
  );
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxes(locator: Locator): Promise<Box[]> {
  const found: Box[] = [];
  for (const item of await locator.all()) {
    const box = await item.boundingBox();
    if (box && box.width > 0 && box.height > 0) found.push(box);
  }
  return found;
}

test.describe('product page layout', () => {
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    test(`the product page does not shift as it loads (${label}, summed layout shift below 0.1)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await recordLayoutShifts(page);
      await page.goto(PRODUCT);
      const { total, shifts } = await settledLayoutShift(page);
      expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(0.1);
    });
  }

  test('at 360 px the product page fits the screen and its tab strip scrolls inside it', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`${PRODUCT}?tab=specification`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const tablist = page.getByRole('tablist', { name: 'Product details' });
    await expect(tablist).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The strip stays within the page; the tabs keep working by keyboard, the chosen one in view.
    const strip = (await tablist.boundingBox())!;
    expect(strip.x).toBeGreaterThanOrEqual(0);
    expect(strip.x + strip.width).toBeLessThanOrEqual(360);
    const tabs = tablist.getByRole('tab');
    const count = await tabs.count();
    expect(count).toBeGreaterThan(1);
    await tabs.first().focus();
    for (let i = 1; i < count; i++) {
      await page.keyboard.press('ArrowRight');
      const tab = tabs.nth(i);
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(tab).toBeFocused();
      const box = (await tab.boundingBox())!;
      expect(box.x, `tab ${i + 1} scrolled into the strip`).toBeGreaterThanOrEqual(strip.x - 1);
      expect(box.x + box.width).toBeLessThanOrEqual(strip.x + strip.width + 1);
    }
    await expect(page.getByRole('tabpanel')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    test(`the bookmark heart covers neither the card picture nor its badges (${label})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/products');
      const cards = page.getByRole('list', { name: 'Products' }).locator('.product-card');
      await expect(cards.first()).toBeVisible();
      const shown = Math.min(await cards.count(), 8);
      for (let i = 0; i < shown; i++) {
        const card = cards.nth(i);
        const heart = (await card.getByRole('button', { name: /^Bookmark / }).boundingBox())!;
        const cardBox = (await card.boundingBox())!;
        expect(overlaps(heart, cardBox), 'the heart is on its card').toBe(true);
        // The picture carries its own tag (e.g. "5G"); labels and stock are badges in the body.
        const covered = [
          ...(await boxes(card.locator('.product-card__image'))),
          ...(await boxes(card.locator('.ui-badge, .stock-badge, .price, .product-card__name'))),
        ].filter((box) => overlaps(heart, box));
        expect(covered, `card ${i + 1}: the heart overlaps ${JSON.stringify(covered)}`).toEqual([]);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }

  test('after switching store the message is announced without covering the price', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(PRODUCT);
    const price = page.locator('.buy-box__price .price__amount').first();
    await expect(price).toContainText('1,499.00');
    await page.getByRole('combobox', { name: 'Store' }).selectOption('us');
    await expect(price).toContainText('1,449.00');
    // Right after the switch, with the price near the bottom of the screen (where a toast would
    // float), whatever is drawn at its corners and centre is the price itself.
    const coveredBy = await price.evaluate((element) => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top: top - window.innerHeight + element.getBoundingClientRect().height + 24, behavior: 'instant' });
      const box = element.getBoundingClientRect();
      const points: Array<[number, number]> = [
        [box.left + 2, box.top + 2],
        [box.right - 2, box.top + 2],
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + 2, box.bottom - 2],
        [box.right - 2, box.bottom - 2],
      ];
      for (const [x, y] of points) {
        const hit = document.elementFromPoint(x, y);
        if (hit && hit !== element && !element.contains(hit)) return hit.outerHTML.slice(0, 160);
      }
      return null;
    });
    expect(coveredBy).toBeNull();
    // Still announced to screen readers, in a status region.
    await expect(page.getByRole('status').filter({ hasText: 'You’re now shopping in the US store.' })).toBeAttached();
  });
});
