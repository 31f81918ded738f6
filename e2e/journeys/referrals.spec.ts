import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { DEMO_MEMBER, signIn } from '../support/members';
import { screenshotter } from '../support/screenshots';
import { BASE_URL, DEMO_REFERRAL_CODE } from '../support/server';

// The demo member's network (seeded at start): 33 referrals four levels deep, 3 + 6 + 12 + 12.
// Other journeys register members with the demo code, so level 1 may hold more by the time these
// tests run: the figures come from the API, and the checks hold whatever ran before.
const DEMO = DEMO_MEMBER;
const SEEDED_DIRECT = 3;

interface HistoryAnswer {
  data: {
    statistics: Record<
      'totalReferrals' | 'activeReferrals' | 'bingxLinked' | 'paidSubscriptions',
      number
    >;
    pagination: { totalRecords: number; totalPages: number };
  };
}

/** What the API says about the demo member's network (with the page's own session). */
async function demoHistory(page: Page, query = '') {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(`/api/users/referrals/history?limit=10${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as HistoryAnswer).data;
}

async function signInAsDemo(page: Page) {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
}

test('the referrals page: code and link, statistics, history, pagination and level filter', async ({
  page,
  context,
}, testInfo) => {
  const capture = screenshotter(page, testInfo);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  await signInAsDemo(page);
  await page.goto('/referrals');

  await expect(page.getByRole('heading', { level: 1, name: 'Referral Program' })).toBeVisible();
  await expect(page.getByTestId('referral-code')).toHaveText(DEMO_REFERRAL_CODE);
  await expect(page.getByTestId('referral-link')).toHaveText(
    `${BASE_URL}/ref/${DEMO_REFERRAL_CODE}`,
  );
  const all = await demoHistory(page);
  const total = all.pagination.totalRecords;
  expect(total).toBeGreaterThanOrEqual(33);
  const stats = page.getByRole('region', { name: 'Referral Statistics' });
  for (const [label, value] of [
    ['Total Referrals', all.statistics.totalReferrals],
    ['Active Users', all.statistics.activeReferrals],
    ['BingX Linked', all.statistics.bingxLinked],
    ['Paid Subscriptions', all.statistics.paidSubscriptions],
  ] as const) {
    await expect(stats.getByText(label, { exact: true }).locator('xpath=..')).toHaveText(
      `${label}${value}`,
    );
  }
  const table = page.getByRole('table', { name: 'Referral history' });
  await expect(table.getByRole('row')).toHaveCount(11);
  const pages = page.getByRole('navigation', { name: 'Referral history pages' });
  const lastPage = Math.ceil(total / 10);
  await expect(pages).toContainText(`1 - 10 of ${total} referrals`);
  await expect(pages.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(
    Math.min(5, lastPage),
  );
  await expectAccessible(page);
  await capture('referrals');

  // Copy the public link: 'Successfully Copied!' for 5 seconds.
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByRole('button', { name: 'Successfully Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${BASE_URL}/ref/${DEMO_REFERRAL_CODE}`,
  );
  await capture('referrals link copied');
  await expect(page.getByRole('button', { name: 'Copy Link' })).toBeVisible({ timeout: 7_000 });

  // Pages, with the keyboard: the last page, then back one.
  await pages.getByRole('button', { name: `Page ${lastPage}` }).focus();
  await page.keyboard.press('Enter');
  await expect(pages).toContainText(`${(lastPage - 1) * 10 + 1} - ${total} of ${total} referrals`);
  await expect(table.getByRole('row')).toHaveCount(total - (lastPage - 1) * 10 + 1);
  await expect(pages.getByRole('button', { name: /Next/ })).toBeDisabled();
  await pages.getByRole('button', { name: /Previous/ }).click();
  await expect(pages).toContainText(`${(lastPage - 2) * 10 + 1} - ${(lastPage - 1) * 10} of`);

  // Level filter: back to page 1.
  const level1 = (await demoHistory(page, '&level=1')).pagination.totalRecords;
  await page.getByLabel('Level', { exact: true }).selectOption({ label: 'Level 1' });
  await expect(table.getByRole('row')).toHaveCount(Math.min(10, level1) + 1);
  await expect(table.getByRole('row').nth(1)).toContainText('Level 1');
  await page.getByLabel('Level', { exact: true }).selectOption({ label: 'Level 4' });
  await expect(page.getByRole('navigation', { name: 'Referral history pages' })).toContainText(
    '1 - 10 of 12 referrals',
  );
  await expect(table.getByRole('row').nth(1)).toContainText('Level 4');
  await capture('referrals level 4');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await capture('referrals dark');
});

test('the user tree: statistics, root, nodes with levels, expanding, View Levels and search', async ({
  page,
}, testInfo) => {
  const capture = screenshotter(page, testInfo);
  await signInAsDemo(page);
  await page.goto('/user-tree');

  await expect(page.getByRole('heading', { level: 1, name: 'My Referral Tree' })).toBeVisible();
  await expect(page.getByText('Your Network Root')).toBeVisible();
  await expect(page.getByText('demo@example.com').first()).toBeVisible();
  const direct = (await demoHistory(page, '&level=1')).pagination.totalRecords;
  expect(direct).toBeGreaterThanOrEqual(SEEDED_DIRECT);
  const tree = page.getByRole('list', { name: 'Referral tree' });
  await expect(tree.locator(':scope > li')).toHaveCount(direct);
  // Levels 1 and 2 are expanded by default: levels 1 to 3 show; level 3 is collapsed.
  await expect(tree.getByText(/^L1$/)).toHaveCount(direct);
  await expect(tree.getByText(/^L2$/)).toHaveCount(6);
  await expect(tree.getByText(/^L3$/)).toHaveCount(12);
  await expect(tree.getByText(/^L4$/)).toHaveCount(0);
  await expectAccessible(page);
  await capture('user tree');

  // Expand a level-3 member with the keyboard.
  const expanders = tree.getByRole('button', { name: /^Expand / });
  await expect(expanders).toHaveCount(12);
  await expanders.first().focus();
  await page.keyboard.press('Enter');
  await expect(tree.getByText(/^L4$/)).toHaveCount(1);
  await capture('user tree expanded');

  // View Levels 2: the tree reloads; level-2 members have no expander.
  await page.getByLabel('View Levels').selectOption('2');
  await expect(tree.getByText(/^L3$/)).toHaveCount(0);
  await expect(tree.getByText(/^L2$/)).toHaveCount(6);
  await expect(tree.getByRole('button', { name: /^(Expand|Collapse) / })).toHaveCount(3);
  await page.getByLabel('View Levels').selectOption('15');
  await expect(tree.getByText(/^L3$/)).toHaveCount(12);

  // Search: matches with their uplines, then nothing.
  const search = page.getByPlaceholder('Search your referrals...');
  await search.fill('sofia');
  await expect(tree.getByText('Match')).toHaveCount(2);
  await capture('user tree search');
  await search.fill('no such member');
  await expect(page.getByText('No matching referrals found')).toBeVisible();
  await search.fill('');
  await expect(tree.getByText(/^L1$/)).toHaveCount(direct);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await capture('user tree dark');
});
