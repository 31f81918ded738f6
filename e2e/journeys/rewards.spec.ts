import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { listMails } from '../support/mailbox';
import { DEMO_MEMBER, signIn, signInAsDemoAdmin } from '../support/members';
import { apiGet } from '../support/api';
import { screenshotter } from '../support/screenshots';

// The demo accounts (seeded at start: the demo network's subscriptions are paid on the simulated
// chain and three exchange cycles are run, so the demo member has DIRECT and DOWNLINE rewards).
const DEMO = DEMO_MEMBER;
/** The BingX UID of the demo member's first referral: their upline is the demo member. */
const REFERRAL_UID = '30000001';

interface Stats {
  currentBalance: number;
  totalRewards: number;
  rewardBreakdown: { directRewards: number; downlineRewards: number };
}

/** Member pages write money one way: `1,234.50 USDT`, 2 decimals never rounded up (decision 050). */
const usdt = (n: number) =>
  `${(Math.floor(Math.round(n * 1_000_000) / 10_000) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USDT`;

test('the member: dashboard balances and chart, rewards history with filters and pages', async ({
  page,
}, testInfo) => {
  const capture = screenshotter(page, testInfo);
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  const profile = await apiGet<{ userId: string }>(page, '/api/users/profile');
  const stats = await apiGet<Stats>(page, `/api/rewards/stats/${profile.userId}`);
  expect(stats.rewardBreakdown.directRewards).toBeGreaterThan(0);
  expect(stats.rewardBreakdown.downlineRewards).toBeGreaterThan(0);

  await expect(page.getByText('Ready to withdraw')).toBeVisible();
  await expect(page.getByText(usdt(stats.currentBalance)).first()).toBeVisible();
  await expect(page.getByText('From team earnings')).toBeVisible();
  await expect(page.getByText(usdt(stats.rewardBreakdown.downlineRewards)).first()).toBeVisible();
  await expect(page.getByText('No earnings yet')).toHaveCount(0);
  await expectAccessible(page);
  await capture('dashboard');

  await page.goto('/rewards');
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards & Earnings' })).toBeVisible();
  const request = page.getByRole('button', { name: 'Request Withdrawal' });
  await expect(request).toBeEnabled();
  await expect(page.getByText('No withdrawals yet')).toBeVisible();
  await expectAccessible(page);
  await capture('rewards withdrawals tab');

  await page.getByRole('tab', { name: 'Rewards History' }).click();
  const list = await apiGet<{ pagination: { totalRecords: number } }>(
    page,
    '/api/rewards/user?limit=10',
  );
  const total = list.pagination.totalRecords;
  expect(total).toBeGreaterThan(10);
  await expect(page.getByText(`Showing 1 to 10 of ${total} rewards`)).toBeVisible();
  await capture('rewards history');

  await page.getByLabel('Type').selectOption({ label: 'Trading Rewards' });
  const trading = await apiGet<{ pagination: { totalRecords: number } }>(
    page,
    '/api/rewards/user?limit=10&type=DOWNLINE',
  );
  await expect(
    page.getByText(`of ${trading.pagination.totalRecords} rewards`, { exact: false }),
  ).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Trading');
  await expect(page.getByRole('table')).not.toContainText('Subscription payment of');
  await page.getByLabel('Type').selectOption({ label: 'Referral Rewards' });
  // A referral reward names its source: who paid, which payment.
  await expect(rows.nth(1)).toContainText('Subscription payment of');
  await expectAccessible(page);
  await capture('rewards history referral filter');
});

test('the admin: reward statistics, a CSV cycle previewed, run and explained', async ({
  page,
}, testInfo) => {
  const capture = screenshotter(page, testInfo);
  await signInAsDemoAdmin(page);
  await expect(page).toHaveURL((url) => url.pathname === '/admin/dashboard');

  await page.goto('/admin/rewards');
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
  await expect(page.getByText('No rewards found')).toHaveCount(0);
  await expectAccessible(page);
  await capture('rewards');

  await page.goto('/admin/cycles');
  await expect(page.getByRole('heading', { level: 1, name: 'Reward Cycles' })).toBeVisible();
  await page.getByLabel('CSV upload').check();
  // The demo's exchange cycles pay the last 84 days, and a day is paid once whatever the source
  // (decision 040): this CSV cycle pays a week before them.
  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Period start').fill(day(100));
  await page.getByLabel('Period end').fill(day(94));
  await page.getByLabel('CSV file').setInputFiles({
    name: 'cycle.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`uid,amount\n${REFERRAL_UID},250\n99999999,10\nnot-a-uid,5\n`),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('99999999')).toBeVisible();
  await expect(page.getByText(/Line 4:/)).toBeVisible();
  await expectAccessible(page);
  await capture('cycle preview');

  await page.getByRole('button', { name: 'Run cycle' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Run cycle' }).click();
  await expect(page.getByText('Totals by level')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Skipped uplines')).toBeVisible();
  // The demo member earns 3% of 250 at level 1; the root above them is skipped.
  await expect(page.getByText('Total paid').locator('xpath=..')).toContainText('$7.50');
  await expectAccessible(page);
  await capture('cycle statement');
});

test('the member: the cycle just run, in a mail, in their rewards and in their own statement', async ({
  page,
  request,
}, testInfo) => {
  // The cycle-mails job runs once a minute: its mail may take that long to be queued.
  test.setTimeout(150_000);
  const capture = screenshotter(page, testInfo);
  let statementLink = '';
  await expect
    .poll(
      async () => {
        const mail = (await listMails(request)).find(
          (m) => m.to === DEMO.email && /^Reward cycle #\d+: 7\.50 USDT credited$/.test(m.subject),
        );
        statementLink = mail?.links.find((l) => /\/rewards\/cycles\/\d+$/.test(l)) ?? '';
        return statementLink;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .not.toBe('');
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  // The mail's link opens the member's statement of that cycle.
  await page.goto(new URL(statementLink).pathname);
  await expect(page.getByText('Your total').locator('xpath=..')).toContainText('7.50 USDT');
  await page.goto('/rewards');
  await page.getByRole('tab', { name: 'Rewards History' }).click();
  // The row opens its details: computed from what, gone where.
  await page
    .getByRole('button', { name: /^Details of the 7\.50 USDT reward/ })
    .first()
    .click();
  const details = page.getByRole('dialog', { name: 'Trading reward of 7.50 USDT' });
  await expect(details).toContainText('3% of 250.00 USDT: the commission BingX paid');
  await expectAccessible(page);
  await capture('reward details');
  // The screenshots resize the page across the phone breakpoint, where the history becomes
  // cards and the open dialog goes with its row; Escape closes it if it is still open.
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  // The newest line is the cycle's: its number links to the member's statement.
  const cycleLink = page
    .getByRole('table')
    .getByRole('link', { name: /^Statement of reward cycle \d+$/ })
    .first();
  await cycleLink.click();
  await expect(page).toHaveURL(/\/rewards\/cycles\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Reward cycle #\d+$/ })).toBeVisible();
  const byLevel = page.getByRole('region', { name: 'Your lines by level' });
  // 3% of 250 at level 1, as the admin's statement said.
  await expect(byLevel.getByRole('row').nth(1)).toContainText('13%1250.007.50');
  await expect(page.getByText('Your total').locator('xpath=..')).toContainText('7.50 USDT');
  await expectAccessible(page);
  await capture('member cycle statement');
});
