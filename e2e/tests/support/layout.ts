import { expect, type Page } from '@playwright/test';

/** What the sweep checks on a page at one viewport size. */
export interface LayoutReport {
  scrollWidth: number;
  viewportWidth: number;
  /** "<covered> is covered by <on top>" for each interactive element another element sits over. */
  covered: string[];
}

/**
 * Waits until the screen has settled: a level-1 heading is shown (every page has one), no
 * skeleton or busy region is left, fonts and images are in.
 */
export async function waitForSettledPage(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.ui-skeleton, [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete && img.loading !== 'lazy')
        .map(
          (img) =>
            new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
        ),
    );
  });
}

/**
 * Horizontal overflow and covered controls, measured in the page. Each visible interactive
 * element is scrolled to the middle of the viewport and probed at its centre and four inner
 * points with `elementFromPoint`; whatever answers must be the element, inside it, or its label.
 */
export async function measureLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const INTERACTIVE =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], ' +
      '[role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
    const name = (el: Element): string => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${cls}${text ? ` "${text}"` : ''}`;
    };
    const labelledBy = (hit: Element, el: Element): boolean => {
      const label = hit.closest('label');
      return !!label && (label.contains(el) || (el instanceof HTMLElement && 'labels' in el && Array.from((el as HTMLInputElement).labels ?? []).includes(label)));
    };
    const covered: string[] = [];
    const viewportWidth = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    for (const el of Array.from(document.querySelectorAll(INTERACTIVE))) {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (getComputedStyle(el).pointerEvents === 'none') continue;
      let box = el.getBoundingClientRect();
      if (box.width < 4 || box.height < 4) continue; // visually hidden (skip links, native inputs under custom ones)
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      box = el.getBoundingClientRect();
      const probes: Array<[number, number]> = [
        [0.5, 0.5],
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ];
      for (const [fx, fy] of probes) {
        const x = box.left + box.width * fx;
        const y = box.top + box.height * fy;
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || hit === el || el.contains(hit) || hit.contains(el) || labelledBy(hit, el)) continue;
        covered.push(`${name(el)} is covered by ${name(hit)}`);
        break;
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return { scrollWidth, viewportWidth, covered };
  });
}
