import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { axeFindings } from '../support/accessibility';
import type { Audience } from '../support/route-table';
import { layoutProblems, screenshot, SCREENSHOTS, settle } from './page-checks';
import { auditPages, DESKTOP_FROM, STATES, VIEWS, type View } from './pages';
import { sessions } from './sessions';

// Every page of the route table and every open state, in every view, one test each. Bars: the
// page asked for (not a guard's redirect); no serious or critical axe violation; no page wider
// than the screen, on member and public pages at phone width no table wider than its box and no
// Amount column off-screen, and on admin pages from 1280 px every table's actions column in
// sight; no uncaught error in the page's scripts.

const PAGES = auditPages();

/** Screenshots are numbered in the order of the list, so their folder reads as a tour. */
const numbered = (index: number, name: string) => `${String(index + 1).padStart(2, '0')}-${name}`;

async function signIn(page: Page, audience: Audience): Promise<void> {
  if (audience === 'guest') return;
  const token = sessions().tokens[audience];
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
}

/** Uncaught errors of the page's scripts, gathered while the test runs. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

/** axe with the view's rules; the findings that are not a bar go to the report as a note. */
async function axe(page: Page, view: View, testInfo: TestInfo): Promise<string[]> {
  const { serious, minor } = await axeFindings(page, view.rules ? { rules: view.rules } : {});
  if (minor.length)
    testInfo.annotations.push({ type: 'axe, not a bar', description: minor.join(', ') });
  return serious;
}

for (const view of VIEWS) {
  test.describe(`${view.theme} ${view.width} px`, () => {
    test.use({ viewport: { width: view.width, height: view.height }, colorScheme: view.theme });

    PAGES.forEach((target, index) => {
      if (view.only && view.only !== target.audience) return;
      test(`${target.name} (${target.audience})`, async ({ page }, testInfo) => {
        const errors = pageErrors(page);
        await signIn(page, target.audience);
        const path = target.path(sessions().ids);
        await page.goto(path);
        await settle(page);
        const expected = target.expect ?? path.split('?')[0];
        expect(new URL(page.url()).pathname, 'the page asked for, not a redirect').toBe(expected);
        const checkActions = target.audience === 'admin' && view.width >= 1280;
        // What a member reads on a phone keeps its amounts in sight (decision 050).
        const checkTables = target.audience !== 'admin' && view.width < DESKTOP_FROM;
        const problems = [
          ...(await axe(page, view, testInfo)),
          ...(await layoutProblems(page, view.width, { checkActions, checkTables })),
        ];
        if (SCREENSHOTS) await screenshot(page, numbered(index, target.name), view, 'full');
        expect([...problems, ...errors]).toEqual([]);
      });
    });

    STATES.forEach((state, index) => {
      if (view.only && view.only !== state.audience) return;
      if (state.at === 'mobile' && view.width >= DESKTOP_FROM) return;
      if (state.at === 'desktop' && view.width < DESKTOP_FROM) return;
      test(`${state.name} (${state.audience})`, async ({ page }, testInfo) => {
        const errors = pageErrors(page);
        await signIn(page, state.audience);
        await page.goto(state.path);
        await settle(page);
        await state.act(page);
        // The menu or card has finished opening (motion is reduced, not off).
        await page.waitForTimeout(300);
        const problems = await axe(page, view, testInfo);
        if (SCREENSHOTS)
          await screenshot(page, numbered(PAGES.length + index, state.name), view, 'top');
        expect([...problems, ...errors]).toEqual([]);
      });
    });
  });
}
