import { mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';

/** e2e/screenshots/ (gitignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Desktop and phone widths every visited page is captured at. */
export const SCREENSHOT_WIDTHS = [1280, 375] as const;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .replace(/-$/, '');

/**
 * Captures full-page screenshots of the current page at 1280 px and 375 px wide, then restores
 * the viewport. Files: e2e/screenshots/<spec>/<test title>/<NN>-<name>-<width>.png, numbered in
 * the order of the journey; each run of a test replaces its folder.
 */
export function screenshotter(page: Page, testInfo: TestInfo) {
  const spec = basename(testInfo.file).replace(/\.spec\.ts$/, '');
  const folder = join(SCREENSHOT_DIR, spec, slug(testInfo.titlePath.slice(1).join(' ')));
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  let count = 0;
  /** `on`: another page of the same journey (a second user in their own browser). */
  return async function capture(name: string, on: Page = page): Promise<void> {
    const page = on;
    count += 1;
    const original = page.viewportSize() ?? { width: 1280, height: 800 };
    const prefix = `${String(count).padStart(2, '0')}-${slug(name)}`;
    try {
      for (const width of SCREENSHOT_WIDTHS) {
        await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
        // Let layout settle after the resize, and wait for web fonts.
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await page.screenshot({
          path: join(folder, `${prefix}-${width}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      }
    } finally {
      await page.setViewportSize(original);
    }
  };
}
