import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { signInAsDemoAdmin } from '../support/members';
import { apiGet } from '../support/api';
import { screenshotter } from '../support/screenshots';

// The public site's honest pages (issue 18): links operators set (never placeholders), legal
// text they edit, and the earnings disclosure, whose figures must be the database's.

interface Report {
  _id: string;
  financial: { subscriptionPaid: number; subscriptionPayments: number };
}

interface RewardLine {
  rewardUser: { _id: string };
  rewardAmount: number;
  createdAt: string;
}

/** Every page of an admin list, as the administrator reads it. */
async function everyPage<T>(page: Page, path: string, key: string): Promise<T[]> {
  const rows: T[] = [];
  for (let at = 1; ; at += 1) {
    const answer = await apiGet<Record<string, unknown> & { pagination: { hasNext: boolean } }>(
      page,
      `${path}${path.includes('?') ? '&' : '?'}limit=100&page=${at}`,
    );
    rows.push(...(answer[key] as T[]));
    if (!answer.pagination.hasNext) return rows;
  }
}

// 2 decimals never rounded up, as every page writes money (decision 050).
const usdt = (n: number) =>
  `${(Math.floor(Math.round(n * 1_000_000) / 10_000) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USDT`;

/**
 * The figures a window must show, computed here from what the administrator reads: every member
 * report (payments) and every reward line credited in the window. The demo's reward cycles are
 * credited over the past months, while every payment of this run was credited today (so a
 * member who paid is in both windows, with all the fees). Percentiles pick a member's figure
 * (the server's percentile_disc).
 */
function expectedFigures(reports: Report[], allLines: RewardLine[], from: Date, to: Date) {
  const lines = allLines.filter((line) => {
    const at = new Date(line.createdAt).getTime();
    return at >= from.getTime() && at < to.getTime();
  });
  // Summed in micro-USDT, as the server does: float sums could round the other way at a cent.
  const earnedBy = new Map<string, number>();
  for (const line of lines)
    earnedBy.set(
      line.rewardUser._id,
      (earnedBy.get(line.rewardUser._id) ?? 0) + Math.round(line.rewardAmount * 1e6),
    );
  const members = reports.filter(
    (r) => r.financial.subscriptionPayments > 0 || earnedBy.has(r._id),
  );
  const earned = members.map((r) => (earnedBy.get(r._id) ?? 0) / 1e6).sort((a, b) => a - b);
  const at = (fraction: number) => earned[Math.max(0, Math.ceil(fraction * earned.length) - 1)]!;
  const top = earned.slice(-Math.ceil(earned.length / 100));
  return {
    members: String(members.length),
    earnedNothing: earned.filter((e) => e === 0).length,
    median: usdt(at(0.5)),
    p90: usdt(at(0.9)),
    top1From: usdt(top[0]!),
    top1Average: usdt(top.reduce((a, b) => a + b, 0) / top.length),
    rewards: usdt(earned.reduce((a, b) => a + b, 0)),
    fees: usdt(reports.reduce((a, r) => a + r.financial.subscriptionPaid, 0)),
  };
}

test('operators set the public links and legal text; the disclosure shows the database’s figures', async ({
  page,
}, testInfo) => {
  const capture = screenshotter(page, testInfo);

  // Nothing set in this run's environment: the landing page leaves the exchange button out.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Copy on BingX/ })).toHaveCount(0);
  await expect(page.getByText(/PLACEHOLDER/)).toHaveCount(0);

  // The administrator is told what is missing, and sets it.
  await signInAsDemoAdmin(page);
  await expect(page).toHaveURL((url) => url.pathname === '/admin/dashboard');
  await expect(page.getByText('The public site is missing links')).toBeVisible();
  await page
    .getByRole('status')
    .filter({ hasText: 'The public site is missing links' })
    .getByRole('link', { name: 'Set them in Admin Settings' })
    .click();
  const site = page.getByRole('form', { name: 'Public Site' });
  await site.getByLabel('BingX affiliate link').fill('http://bingx.com/invite/E2E');
  await site.getByRole('button', { name: 'Save public site' }).click();
  await expect(site.getByText('The affiliate link must be an https:// address')).toBeVisible();
  await site.getByLabel('BingX affiliate link').fill('https://bingx.com/invite/E2ECODE');
  await site.getByLabel('Support mailbox').fill('help@e2e.example.com');
  await site.getByRole('button', { name: 'Save public site' }).click();
  await expect(page.getByText('Public site saved')).toBeVisible();

  // The risk page's text, edited.
  const legal = page.getByRole('form', { name: 'Terms of Service' });
  await expect(legal).toBeVisible();
  await page.getByLabel('Page', { exact: true }).selectOption('risk');
  const riskText = page.getByLabel('Risk Disclosure text');
  await riskText.fill(
    '## Before you start\n\nCopy trading can lose money. This text was saved by the operator in the e2e run.',
  );
  await page.getByRole('button', { name: 'Save Risk Disclosure' }).click();
  await expect(page.getByText('Risk Disclosure saved')).toBeVisible();

  // The disclosure, rebuilt from the data as it is now.
  await page.getByRole('button', { name: 'Rebuild now' }).click();
  await expect(page.getByText('Disclosure rebuilt')).toBeVisible();
  await expect(page.getByText(/^Built .*rebuilt automatically every day\.$/)).toBeVisible();
  await capture('admin public site settings');
  const reports = await everyPage<Report>(page, '/api/users/admin/reports', 'reports');
  const lines = await everyPage<RewardLine>(page, '/api/rewards/admin/all', 'rewards');
  const built = await apiGet<{ builtAt: string }>(page, '/api/public/earnings-disclosure');
  const windowOf = (days: number) => {
    const to = new Date(built.builtAt);
    return expectedFigures(reports, lines, new Date(to.getTime() - days * 86_400_000), to);
  };
  // The demo's older cycles fall out of the 30-day window: the two windows differ.
  expect(windowOf(365).rewards).not.toBe(windowOf(30).rewards);

  await page.goto('/earnings-disclosure');
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings disclosure' })).toBeVisible();
  for (const days of [30, 365]) {
    const expected = windowOf(days);
    expect(Number(expected.members)).toBeGreaterThan(3);
    const card = page.locator('div').filter({
      has: page.getByRole('heading', { name: `Last ${days} days` }),
    });
    const figure = (label: string) =>
      card.last().locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect(figure('Members counted')).toHaveText(expected.members);
    await expect(figure('Earned nothing')).toContainText(String(expected.earnedNothing));
    await expect(figure('Median member earned')).toHaveText(expected.median);
    await expect(figure('90th percentile earned')).toHaveText(expected.p90);
    await expect(figure('Top 1% earned at least')).toHaveText(expected.top1From);
    await expect(figure('Top 1% earned on average')).toHaveText(expected.top1Average);
    await expect(figure('All rewards credited')).toHaveText(expected.rewards);
    await expect(figure('Fees members paid')).toHaveText(expected.fees);
  }
  await expectAccessible(page);
  await capture('earnings disclosure');

  // A visitor: the saved links, the edited risk text, and the way to the disclosure.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Copy on BingX/ })).toHaveAttribute(
    'href',
    'https://bingx.com/invite/E2ECODE',
  );
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'help@e2e.example.com' })).toBeVisible();
  await footer.getByRole('link', { name: 'Risk Disclosure' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/risk');
  await expect(page.getByRole('heading', { level: 2, name: '1. Before you start' })).toBeVisible();
  await expect(page.getByText('saved by the operator in the e2e run')).toBeVisible();
  await expect(page.getByText(/^Last updated/)).toBeVisible();
  await expectAccessible(page);
  await capture('risk disclosure');

  await page.goto('/register');
  await expect(page.getByRole('link', { name: 'See what members really earned' })).toHaveAttribute(
    'href',
    '/earnings-disclosure',
  );
  await expect(page.getByRole('link', { name: 'Risk Disclosure' })).toHaveAttribute(
    'href',
    '/risk',
  );
});
