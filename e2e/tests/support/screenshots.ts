import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ARTIFACTS_DIR } from './paths';

export const VIEWPORTS = {
  mobile: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * Saves full-page screenshots of the current page at 360×740 and 1280×800 as
 * e2e/artifacts/<name>-<viewport>.png, then restores the original viewport.
 */
export async function saveScreenshots(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-${label}-${size.width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
