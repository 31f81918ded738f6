// How the web audit looks at a page: waits until it has settled, finds what the layout gets
// wrong, and takes a full-height screenshot (AUDIT_SCREENSHOTS=0 skips them).
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from '../support/server';
import type { View } from './pages';

/** Full-height screenshots of every page in every view, for people looking at the pages. */
export const SCREENSHOTS = process.env.AUDIT_SCREENSHOTS !== '0';
export const SHOTS = join(REPO_ROOT, 'e2e/screenshots/routes');

/** The page is rendered and nothing is loading: a heading, no spinner, skeleton or busy control. */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const heading = document.querySelector('#root h1');
        // Only what is shown: index.html holds the app's loading frame, hidden on most pages.
        const shown = (selector: string) =>
          Array.from(document.querySelectorAll(selector)).filter((e) => e.getClientRects().length);
        // Rendered (or hydrated) by React, not only the pre-rendered HTML.
        return (
          heading !== null &&
          Object.keys(heading).some((key) => key.startsWith('__react')) &&
          !shown('[role=status]').some((e) => /^Loading/.test(e.textContent ?? '')) &&
          shown('.animate-pulse, [aria-busy=true]').length === 0
        );
      },
      undefined,
      { timeout: 15_000, polling: 50 },
    )
    // A page that never settles is audited as it is: axe and the layout report what is wrong.
    .catch(() => {});
  await page.waitForTimeout(100);
}

/**
 * What the layout gets wrong at this width: a page wider than the screen (its own content must
 * scroll inside its boxes); with `checkTables` (pages members read, on a phone: decision 050), a
 * table wider than its box or an amount heading (Amount, Available, Locked) outside the screen;
 * and, with `checkActions` (admin pages from 1280 px), a table whose last column (its actions) is
 * not in sight without scrolling the table sideways.
 */
export function layoutProblems(
  page: Page,
  width: number,
  { checkActions, checkTables }: { checkActions: boolean; checkTables: boolean },
) {
  return page.evaluate(
    ({ width, checkActions, checkTables }) => {
      const problems: string[] = [];
      const pageWidth = document.documentElement.scrollWidth;
      if (pageWidth > width + 1) problems.push(`the page is ${pageWidth} px wide in ${width} px`);
      const shownTables = Array.from(document.querySelectorAll('table')).filter(
        // Screen-reader-only tables (a chart's figures) are clipped to a pixel: not read by eye.
        (t) => t.getClientRects().length > 0 && !t.closest('.sr-only'),
      );
      if (checkTables)
        for (const table of shownTables) {
          const name =
            table.getAttribute('aria-label') ??
            table.parentElement?.getAttribute('aria-label') ??
            table.querySelector('caption')?.textContent ??
            'a table';
          const box = table.parentElement;
          if (box && table.scrollWidth > box.clientWidth + 1)
            problems.push(
              `"${name}" is ${table.scrollWidth} px wide in a ${box.clientWidth} px box: it needs a sideways scroll on a phone`,
            );
          for (const heading of Array.from(table.querySelectorAll('th'))) {
            const text = heading.textContent?.trim() ?? '';
            if (!/^(Amount|Available|Locked)\b/i.test(text)) continue;
            const rect = heading.getBoundingClientRect();
            if (rect.right > width + 1 || rect.left < -1)
              problems.push(`"${name}": its ${text} column is outside the ${width} px screen`);
          }
        }
      if (!checkActions) return problems;
      for (const table of Array.from(document.querySelectorAll('[role=region] > table'))) {
        const box = table.parentElement;
        const row = table.querySelector('tbody tr');
        const last = row?.lastElementChild;
        if (!box || !row || !last || row.children.length < 2) continue;
        const region = box.getBoundingClientRect();
        const cell = last.getBoundingClientRect();
        if (cell.right > region.right + 1 || cell.left < region.left - 1 || cell.right > width)
          problems.push(
            `"${box.getAttribute('aria-label')}": its last column is out of sight (table ${table.scrollWidth} px in ${Math.round(region.width)} px)`,
          );
      }
      return problems;
    },
    { width, checkActions, checkTables },
  );
}

/**
 * Full height, with fixed bars where a visitor sees them (a "fullPage" capture would draw them
 * at the scroll offset); `top` only: the view as it is (an open menu is about what is in sight).
 */
export async function screenshot(
  page: Page,
  name: string,
  view: View,
  height: 'full' | 'top',
): Promise<void> {
  const path = join(SHOTS, `${name}-${view.width}-${view.theme}.png`);
  if (height === 'top') {
    await page.screenshot({ path });
    return;
  }
  const full = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({
    width: view.width,
    height: Math.min(Math.max(full, view.height), 12_000),
  });
  await page.waitForTimeout(100);
  await page.screenshot({ path, animations: 'disabled' });
  await page.setViewportSize({ width: view.width, height: view.height });
}
