import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { signInAsDemoAdmin } from '../support/members';
import { screenshotter } from '../support/screenshots';

// The demo administrator (seeded at start) runs the platform from the panel: saved settings,
// member reports, the audit log of what they did, and an export of a list.

test('the admin: saved settings, member reports, the audit log and a CSV export', async ({
  page,
}, testInfo) => {
  const capture = screenshotter(page, testInfo);
  await signInAsDemoAdmin(page);
  await expect(page).toHaveURL((url) => url.pathname === '/admin/dashboard');
  await expect(page.getByText(/sign-ups/i).first()).toBeVisible();
  await capture('dashboard with charts');

  // A setting that is saved and survives a reload.
  await page.goto('/admin/settings');
  const system = page.getByRole('form', { name: 'System Settings' });
  await system.getByLabel('Max Login Attempts').selectOption('10');
  await system.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'System Settings' }).getByLabel('Max Login Attempts'),
  ).toHaveValue('10');
  await expectAccessible(page);
  await capture('settings');

  // Reports on real data, with the activity timeline of the demo member.
  await page.goto('/admin/user-reports');
  await page.getByRole('searchbox', { name: 'Search members' }).fill('demo@example.com');
  await page.getByRole('button', { name: 'View report of Alex Morgan' }).click();
  const report = page.getByRole('dialog', { name: 'User Report' });
  await expect(report.getByRole('list', { name: 'Activity timeline' })).toBeVisible();
  await expect(report).toContainText('Referral reward');
  await expectAccessible(page);
  await capture('user report');
  await page.keyboard.press('Escape');

  // The settings change above is in the audit log, with before and after.
  await page.goto('/admin/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await page.getByLabel('Action').selectOption({ label: 'Settings updated' });
  await page
    .getByRole('button', { name: /^Details of Settings updated/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toContainText('maxLoginAttempts');
  await expectAccessible(page);
  await capture('audit log details');
  await page.keyboard.press('Escape');

  // The users list exported with its filter.
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill('demo@example.com');
  await expect(page.getByRole('region', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain('demo@example.com');

  // Back to the default, so other journeys sign in under the usual limit.
  await page.goto('/admin/settings');
  await page
    .getByRole('form', { name: 'System Settings' })
    .getByLabel('Max Login Attempts')
    .selectOption('5');
  await page
    .getByRole('form', { name: 'System Settings' })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(page.getByText('Settings saved')).toBeVisible();
});
