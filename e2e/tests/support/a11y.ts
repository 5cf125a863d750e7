import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails on serious or critical axe-core violations (WCAG 2.x A/AA), listing each one.
 *
 * Legacy mode runs axe in the page itself. The default opens a blank page for every check to
 * merge the results of each frame; on these pages (no cross-origin frames) that gave the same
 * results in 1.7-2 times the time, and axe took two thirds of the layout sweep's time (D119).
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode(true)
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious, `axe found serious/critical violations on ${page.url()}`).toEqual([]);
}
