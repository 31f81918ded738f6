import { expect, test } from '@playwright/test';
import { waitForMailLink } from '../support/mailbox';
import { createVerifiedMember, field } from '../support/members';
import { screenshotter } from '../support/screenshots';
import { PUBLIC_URL } from '../support/server';

const NEW_PASSWORD = 'Fresh@Start2026';
const RESET_LINK = /\/reset-password\?token=[^&#\s]+/;

// A member who forgot the password: request a link, follow the mail, choose a new password, sign in.
test('a forgotten password is reset through the mailed link', async ({
  page,
  request,
}, testInfo) => {
  const capture = screenshotter(page, testInfo);
  const member = await createVerifiedMember(request, 'reset');

  await page.goto('/signin');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const send = page.getByRole('button', { name: 'Send Reset Link' });
  await expect(send).toBeDisabled();
  await field(page, /email/i).fill(member.email);
  await capture('forgot password filled');
  await send.click();
  await expect(page.getByText('Check your email')).toBeVisible();
  await expect(
    page.getByText("If an account with that email exists, we've sent you a password reset link."),
  ).toBeVisible();
  await capture('check your email');

  const { link } = await waitForMailLink(request, member.email, RESET_LINK);
  expect(link.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true);
  await page.goto(new URL(link).pathname + new URL(link).search);

  const submit = page.getByRole('button', { name: 'Reset Password' });
  await field(page, /^new password/i).fill('weak');
  await expect(page.getByText('At least one uppercase letter')).toBeVisible();
  await expect(submit).toBeDisabled();
  await capture('reset password rules failing');
  await field(page, /^new password/i).fill(NEW_PASSWORD);
  await field(page, /confirm new password/i).fill(NEW_PASSWORD);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Password reset successful')).toBeVisible();
  await capture('password reset');
  await expect(page).toHaveURL(/\/signin$/, { timeout: 10_000 });

  // The old password no longer works; the new one does.
  await field(page, /email/i).fill(member.email);
  await field(page, /^password/i).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await field(page, /^password/i).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // The link was single-use, and the page says so before anything is typed (issue 20).
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'This reset link cannot be used' })).toBeVisible();
  await expect(
    page.getByText(
      'Password reset token is invalid or has expired. Please request a new password reset.',
    ),
  ).toBeVisible();
  await expect(field(page, /^new password/i)).toHaveCount(0);
  await capture('reset link used twice');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
