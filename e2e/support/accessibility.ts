import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeFindings {
  /** Serious and critical violations, each with where it was found: the bar. */
  serious: string[];
  /** The other violations' ids and impacts: reported, not a bar. */
  minor: string[];
}

/** axe-core on the page (or the part `include` selects), all rules unless `rules` names some. */
export async function axeFindings(
  page: Page,
  options: { include?: string; rules?: string[] } = {},
): Promise<AxeFindings> {
  let builder = new AxeBuilder({ page });
  if (options.include) builder = builder.include(options.include);
  if (options.rules) builder = builder.withRules(options.rules);
  const { violations } = await builder.analyze();
  const isSerious = (impact: string | null | undefined) =>
    impact === 'serious' || impact === 'critical';
  return {
    serious: violations
      .filter((v) => isSerious(v.impact))
      .map((v) => {
        const nodes = v.nodes.map((n) => n.target.join(' '));
        const more = nodes.length > 5 ? ` and ${nodes.length - 5} more` : '';
        return `${v.id} (${v.impact}): ${v.help}: ${nodes.slice(0, 5).join(', ')}${more}`;
      }),
    minor: violations.filter((v) => !isSerious(v.impact)).map((v) => `${v.id} (${v.impact})`),
  };
}

/**
 * No serious or critical accessibility problem in what the user can reach: the open modal dialog
 * when there is one (the page behind it is inert and dimmed on purpose), else the page's main
 * content. Checked once the page's finite animations have ended: a dialog fading in is read
 * half-transparent, with colours no one looks at for long (a journey in CI met it).
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const dialogs = '[role="dialog"], [role="alertdialog"]';
  const include = (await page.locator(dialogs).count()) > 0 ? dialogs : 'main';
  expect((await axeFindings(page, { include })).serious).toEqual([]);
}
