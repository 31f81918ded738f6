import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { listMails } from '../support/mailbox';
import { DEMO_MEMBER, signIn, signInAsDemoAdmin } from '../support/members';
import { screenshotter } from '../support/screenshots';

// The demo member has an available balance from the seeded payments and cycles.
const DEMO = DEMO_MEMBER;
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

  // The member is mailed the decision, with the transaction.
  await expect
    .poll(
      async () =>
        (await listMails(request)).find(
          (m) => m.to === DEMO.email && m.subject === 'Your withdrawal was approved',
        )?.text ?? '',
    )
    // No public explorer for the simulated chain: the hash itself.
    .toContain(`Transaction: ${PAYOUT_HASH}`);

  await page.reload();
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText('APPROVED');
  // The hash, not linked: the simulated chain has no public explorer.
  await expect(row).toContainText('0x5e5e5e5e');
  await capture('withdrawal approved');
});

/** "1,234.50 USDT" -> 123450 (cents, so sums stay exact). */
const cents = (text: string | null) =>
  Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

test('a pending withdrawal adds up on the dashboard and /rewards, and its member cancels it', async ({
  page,
  request,
}, testInfo) => {
  const capture = screenshotter(page, testInfo);
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await page.goto('/rewards');
  const balance = page.getByTestId('current-balance');
  await expect(balance).toContainText('USDT');
  const before = cents(await balance.textContent());

  await page.getByRole('button', { name: 'Request Withdrawal' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('BNB Smart Chain (BEP20)', { exact: true })).toBeVisible();
  await dialog.getByLabel('Wallet Address').fill(ADDRESS);
  await dialog.getByLabel('Amount (USDT)').fill('10');
  await expect(dialog.getByTestId('receive-amount')).toHaveText('10.00 USDT');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  let code = '';
  await expect
    .poll(async () => {
      // The mail states what the code confirms (the journey above asked for 12.50).
      const mail = (await listMails(request)).find(
        (m) => m.to === DEMO.email && m.text.includes(`withdrawal of 10.00 USDT to ${ADDRESS}`),
      );
      code = /is (\d{6})\./.exec(mail?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Verify & Submit' }).click();
  await expect(dialog).toBeHidden();

  // /rewards: the balance went down by 10, the 10 is pending, and everything adds up.
  await expect.poll(async () => cents(await balance.textContent())).toBe(before - 1000);
  const sum = page.getByTestId('balance-equation');
  await expect(sum.getByText('Pending withdrawal').locator('xpath=../..')).toContainText('10.00');
  await expect(page.getByText(/do not add up/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request Withdrawal' })).toBeDisabled();
  await expect(page.getByText('A withdrawal is awaiting review.')).toBeVisible();
  await capture('rewards with a pending withdrawal');

  // The dashboard says the same.
  await page.goto('/dashboard');
  const dashboardSum = page.getByTestId('balance-equation');
  await expect(dashboardSum.getByText('Pending withdrawal').locator('xpath=../..')).toContainText(
    '10.00',
  );
  await expect(page.getByText('One request in review')).toBeVisible();
  await expect(page.getByText(/do not add up/)).toHaveCount(0);
  await expectAccessible(page);
  await capture('dashboard with a pending withdrawal');

  // Cancelled from /rewards: the 10 is back at once.
  await page.goto('/rewards');
  await page
    .getByRole('table')
    .getByRole('button', { name: 'Cancel the request of 10.00 USDT' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this withdrawal request?' });
  await expectAccessible(page);
  await capture('cancel a withdrawal');
  await confirm.getByRole('button', { name: 'Cancel request' }).click();
  await expect(page.getByText('Withdrawal request cancelled')).toBeVisible();
  await expect.poll(async () => cents(await balance.textContent())).toBe(before);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('CANCELLED');
  await expect(sum.getByText('Pending withdrawal').locator('xpath=../..')).toContainText('0.00');
  await expect(page.getByRole('button', { name: 'Request Withdrawal' })).toBeEnabled();
  // The next request starts from the address last paid to.
  await page.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(page.getByRole('dialog').getByLabel('Wallet Address')).toHaveValue(ADDRESS);
});
