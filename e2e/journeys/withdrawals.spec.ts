import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { listMails } from '../support/mailbox';
import { signIn, signInAsDemoAdmin } from '../support/members';
import { screenshotter } from '../support/screenshots';

// The demo member has an available balance from the seeded payments and cycles.
const DEMO = { email: 'demo@example.com', password: 'DemoMember@2026' };
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const PAYOUT_HASH = `0x${'5e'.repeat(32)}`;

test('a withdrawal: requested with the mailed code, approved by an admin, seen as paid', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const capture = screenshotter(page, testInfo);
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await page.goto('/rewards');

  await page.getByRole('button', { name: 'Request Withdrawal' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount (USDT)').fill('12.50');
  await dialog.getByLabel('Wallet Address').fill(ADDRESS.replace('a', 'A'));
  await expect(dialog.getByText('Invalid wallet address format')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await dialog.getByLabel('Wallet Address').fill(ADDRESS);
  await expect(dialog.getByText('Valid wallet address')).toBeVisible();
  await capture('withdrawal form');
  const mailsBefore = (await listMails(request)).length;
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog.getByText('Enter Verification Code')).toBeVisible();
  await expect(dialog.getByText(/^Code expires at /)).toBeVisible();
  let code = '';
  await expect
    .poll(async () => {
      const mails = await listMails(request);
      const mail = mails.find((m) => m.to === DEMO.email && /withdrawal code/.test(m.subject));
      code = mail && mails.length > mailsBefore ? (/is (\d{6})\./.exec(mail.text)?.[1] ?? '') : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await dialog.getByLabel('Verification code').fill(`${code}xyz`);
  await expect(dialog.getByLabel('Verification code')).toHaveValue(code);
  await expectAccessible(page);
  await capture('withdrawal code');
  await dialog.getByRole('button', { name: 'Verify & Submit' }).click();
  await expect(dialog).toBeHidden();

  const history = page.getByRole('table');
  await expect(history.getByRole('row').nth(1)).toContainText('12.50');
  await expect(history.getByRole('row').nth(1)).toContainText('PENDING');
  await capture('withdrawal pending');

  // The administrator, in a browser of their own.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAsDemoAdmin(adminPage);
  await expect(adminPage).toHaveURL((url) => url.pathname === '/admin/dashboard');
  await adminPage.goto('/admin/withdrawals');
  await adminPage.getByRole('searchbox').fill(DEMO.email);
  await adminPage
    .getByRole('table')
    .getByRole('link', { name: /^Review the withdrawal/ })
    .click();
  await expect(adminPage).toHaveURL(/\/admin\/withdrawals\/[\w-]+$/);
  await expectAccessible(adminPage);
  await capture('admin review', adminPage);
  await adminPage.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = adminPage.getByRole('dialog', { name: 'Approve Withdrawal' });
  await approve.getByLabel('Transaction hash (optional)').fill(PAYOUT_HASH);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText('Withdrawal approved successfully')).toBeVisible();
  await capture('admin approved', adminPage);

  await adminContext.close();

  await page.reload();
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText('APPROVED');
  await expect(row.getByRole('link', { name: /0x5e5e5e5e/ })).toHaveAttribute(
    'href',
    new RegExp(`/tx/${PAYOUT_HASH}$`),
  );
  await capture('withdrawal approved');
});
