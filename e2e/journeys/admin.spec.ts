import { expect, test, type Page } from '@playwright/test';
import { createVerifiedMember, signInAsDemoAdmin } from '../support/members';
import { screenshotter } from '../support/screenshots';

async function signInAsAdmin(page: Page) {
  await signInAsDemoAdmin(page);
  await expect(page).toHaveURL((url) => url.pathname === '/admin/dashboard');
}

async function searchUsers(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
  const table = page.getByRole('region', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(text);
  return table;
}

test('the admin: dashboard, users, search, a member, and locking them', async ({
  page,
  request,
}, testInfo) => {
  const capture = screenshotter(page, testInfo);
  // A member of its own, so locking them does not touch the demo accounts other journeys use.
  const member = await createVerifiedMember(request, 'admin-lock');
  await signInAsAdmin(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const stats = page.getByRole('region', { name: 'Platform Statistics' });
  await expect(stats.getByText('Total Users')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Users' })).toBeVisible();
  await capture('dashboard');

  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'User Statistics' })).toBeVisible();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await capture('users');

  let table = await searchUsers(page, member.email);
  await capture('users search');

  await table.getByRole('link', { name: 'View Erin Tester' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Erin Tester' })).toBeVisible();
  await expect(page.getByText('Basic Information')).toBeVisible();
  await expect(page.getByText('Subscription Information')).toBeVisible();
  await capture('member detail');
  await page.getByRole('tab', { name: /^Rewards/ }).click();
  await expect(page.getByText('No rewards found')).toBeVisible();
  await page.getByRole('tab', { name: /^Withdrawals/ }).click();
  await expect(page.getByText('No withdrawals found')).toBeVisible();

  await page.getByRole('link', { name: 'Back to Users' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin/users');
  table = await searchUsers(page, member.email);
  await table.getByRole('button', { name: 'Edit status of Erin Tester' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User Status' });
  const update = dialog.getByRole('button', { name: 'Update Status' });
  await expect(update).toBeDisabled();
  await dialog.getByLabel('New status').selectOption('LOCKED');
  await update.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Status Change' });
  await expect(confirm).toContainText('from ACTIVE to LOCKED');
  await capture('confirm lock');
  await confirm.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByText('User status updated to LOCKED successfully!')).toBeVisible();
  await expect(table.getByRole('row').nth(1).getByText('LOCKED')).toBeVisible();
  await capture('member locked');

  await page
    .getByRole('link', { name: /^Settings/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Settings' })).toBeVisible();
  await expect(page.getByText('ADMINISTRATOR', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Please fill in all password fields')).toBeVisible();
  await capture('settings');
});
