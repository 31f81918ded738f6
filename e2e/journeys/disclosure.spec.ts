import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { signInAsDemoAdmin } from '../support/members';
import { screenshotter } from '../support/screenshots';

// The public site's honest pages (issue 18): links operators set (never placeholders), legal
// text they edit, and the earnings disclosure, whose figures must be the database's.

interface Report {
  financial: { totalEarned: number; subscriptionPaid: number; subscriptionPayments: number };
}

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Every member's report, as the administrator reads them (all pages). */
async function allReports(page: Page): Promise<Report[]> {
  const reports: Report[] = [];
  for (let at = 1; ; at += 1) {
    const answer = await api<{ reports: Report[]; pagination: { hasNext: boolean } }>(
      page,
      `/api/users/admin/reports?limit=100&page=${at}`,
    );
    reports.push(...answer.reports);
    if (!answer.pagination.hasNext) return reports;
  }
}

const usdt = (n: number) =>
  `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USDT`;

/**
 * The figures the page must show, computed here from the administrator's reports: everything in
 * this run's database is younger than 30 days, so a member who paid or earned is in the window,
 * with everything they earned. Percentiles pick a member's figure (the server's percentile_disc).
 */
function expectedFigures(reports: Report[]) {
  const members = reports.filter(
    (r) => r.financial.subscriptionPayments > 0 || r.financial.totalEarned > 0,
  );
  const earned = members.map((r) => r.financial.totalEarned).sort((a, b) => a - b);
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
  await page.getByRole('link', { name: 'Set them in Admin Settings' }).click();
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
  const expected = expectedFigures(await allReports(page));
  expect(Number(expected.members)).toBeGreaterThan(3);

  await page.goto('/earnings-disclosure');
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings disclosure' })).toBeVisible();
  for (const days of [30, 365]) {
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
