import { expect, test } from '@playwright/test';
import { waitForMailLink } from '../support/mailbox';
import {
  createVerifiedMember,
  field,
  PASSWORD,
  uniqueEmail,
  VERIFY_LINK,
} from '../support/members';
import { screenshotter } from '../support/screenshots';
import { DEMO_REFERRAL_CODE, PUBLIC_URL } from '../support/server';

// The member's way in: referral link -> registration -> verification mail -> sign-in -> onboarding.
test('a referral link leads to registration, email verification, sign-in and onboarding', async ({
  page,
  request,
}, testInfo) => {
  const capture = screenshotter(page, testInfo);
  const email = uniqueEmail('journey');

  // /ref/{code} stores the code for this tab and goes to the landing page, replacing history.
  await page.goto(`/ref/${DEMO_REFERRAL_CODE}`);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect(await page.evaluate(() => sessionStorage.getItem('referralCode'))).toBe(
    DEMO_REFERRAL_CODE,
  );
  await capture('landing after referral link');

  // The registration form arrives with the code filled in.
  await page.goto('/register');
  const referral = field(page, /referral code/i);
  await expect(referral).toHaveValue(DEMO_REFERRAL_CODE);
  await expect(page.getByText('Referral code applied from your link!')).toBeVisible();
  await capture('register prefilled');

  const form = page.locator('form').filter({ has: field(page, /first name/i) });
  await field(form, /first name/i).fill('Jamie');
  await field(form, /last name/i).fill('Journey');
  await field(form, /^e-?mail/i).fill(email);
  await field(form, /^password/i).fill(PASSWORD);
  await field(form, /confirm/i).fill(PASSWORD);
  await form.getByRole('checkbox').first().check();
  await capture('register filled');
  await form.getByRole('button', { name: /create account|sign up|register/i }).click();

  // Pending verification.
  await expect(page).toHaveURL((url) => url.pathname === '/verify-email');
  await expect(page.getByRole('heading', { name: /verify your email/i })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await capture('verify email pending');

  // The mail arrives in the dev mailbox, with a link on the public URL.
  const { mail, link } = await waitForMailLink(request, email, VERIFY_LINK);
  expect(
    link.startsWith(`${PUBLIC_URL}/verify-email?token=`),
    `link ${link} starts with ${PUBLIC_URL}`,
  ).toBe(true);
  expect(mail.subject, 'the verification mail has a subject').not.toBe('');

  // ... and is listed on the mailbox page.
  await page.goto('/dev/mail');
  await expect(page.getByText(email).first()).toBeVisible();
  await capture('dev mailbox');

  // Following the link verifies the address and then goes to sign-in after 3 s.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await capture('email verified');
  await expect(page).toHaveURL((url) => url.pathname === '/signin', { timeout: 15_000 });
  await capture('sign in');

  const signIn = page.locator('form').filter({ has: field(page, /^password/i) });
  await field(signIn, /^e-?mail/i).fill(email);
  await field(signIn, /^password/i).fill(PASSWORD);
  await signIn.getByRole('button', { name: /^(sign in|log in|login)/i }).click();

  // A new member has not paid yet: onboarding, step 1.
  await expect(page).toHaveURL((url) => url.pathname === '/onboarding');
  await expect(page.getByText(/pay subscription/i).first()).toBeVisible();
  await capture('onboarding');
});

test('a wrong password is refused with the spec text', async ({ page, request }, testInfo) => {
  const capture = screenshotter(page, testInfo);
  const member = await createVerifiedMember(request, 'wrong-password');

  await page.goto('/signin');
  const signIn = page.locator('form').filter({ has: field(page, /^password/i) });
  await field(signIn, /^e-?mail/i).fill(member.email);
  await field(signIn, /^password/i).fill(`${member.password}-wrong`);
  await signIn.getByRole('button', { name: /^(sign in|log in|login)/i }).click();

  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/signin');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await capture('sign in refused');
});

test('an unauthenticated visit to /dashboard goes to /signin', async ({ page }, testInfo) => {
  const capture = screenshotter(page, testInfo);
  await page.goto('/dashboard');
  await expect(page).toHaveURL((url) => url.pathname === '/signin');
  await expect(field(page, /^password/i)).toBeVisible();
  await capture('dashboard redirected to sign in');
});
