import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { apiLogin } from '../support/api';
import { DEMO_MEMBER, field } from '../support/members';
import { screenshotter } from '../support/screenshots';

// The public site and the member shell in a real browser (issue 8): the landing page on a phone,
// themes, the member navigation, and the password change with its new token.
// Every route in both themes at 375 and 1440 px is screenshotted by `npm run audit:web`.

const DEMO = DEMO_MEMBER;
const PHONE = { width: 375, height: 812 };

/**
 * The journey's screenshots, taken from the top of the page: a full-page capture of a scrolled
 * page draws the fixed top bar at the scroll offset.
 */
function topScreenshotter(page: Page, testInfo: TestInfo) {
  const capture = screenshotter(page, testInfo);
  return async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await capture(name);
  };
}

/** Signs the page in with `token`, unless the app already holds a (newer) token. */
async function signInWithToken(page: Page, token: string) {
  await page.addInitScript((t) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', t);
  }, token);
}

test('a visitor on a phone reads the offer, the FAQ and the risk, and reaches sign-up', async ({
  page,
}, testInfo) => {
  const capture = topScreenshotter(page, testInfo);
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await expect(
    // An unconfirmed ranking claim is left out (decision 049): the product's name heads it.
    page.getByRole('heading', { level: 1, name: 'CopyTrade Network' }),
  ).toBeVisible();
  await expect(page.getByText('Trading involves risk: returns are not guaranteed.')).toBeVisible();
  await capture('landing');

  // The risk disclosure link leads to the footer's disclosure.
  await page.getByRole('link', { name: 'Read the risk disclosure' }).click();
  await expect(page.locator('#risk-disclosure')).toBeInViewport();

  // FAQ: one answer open at a time; the open one closes on a second tap.
  const first = page.getByRole('button', { name: 'What is copy trading?' });
  const second = page.getByRole('button', { name: 'Do you hold my money?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');

  // A benefit card turns over by tap and back by keyboard.
  const card = page.getByRole('button', { name: /^15%/ });
  await card.click();
  const back = page.getByRole('button', { name: /Show less/ }).first();
  await expect(back).toBeFocused();
  await capture('benefit card turned');
  await page.keyboard.press('Enter');
  await expect(card).toBeFocused();

  // The menu's links, then Sign Up.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Copy Trading' })).toBeVisible();
  await capture('mobile menu');
  await menu.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/register');
  await expect(field(page, /first name/i)).toBeVisible();
});

test('the landing page is readable before (and without) JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(
    // An unconfirmed ranking claim is left out (decision 049): the product's name heads it.
    page.getByRole('heading', { level: 1, name: 'CopyTrade Network' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to Start Copy Trading' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toHaveAttribute(
    'href',
    '/register',
  );
  await context.close();
});

test('the theme follows the system, and a toggled choice survives a reload', async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/signin');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  const toggle = page.getByRole('button', { name: 'Dark theme' }).first();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

  // Set before the first paint by index.html's script, so no dark flash on the way.
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.className)).toContain('light');
  await expect(page.getByRole('button', { name: 'Dark theme' }).first()).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await context.close();
});

test('a member moves around with the bottom bar on a phone and the sidebar on a desktop', async ({
  page,
  request,
}, testInfo) => {
  const capture = topScreenshotter(page, testInfo);
  await signInWithToken(page, await apiLogin(request, DEMO));

  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  const bar = page.getByRole('navigation', { name: 'Quick navigation' });
  await expect(bar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await bar.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile & Security' })).toBeVisible();
  await capture('profile');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: 'Help & Support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
  await capture('support');

  await page.setViewportSize({ width: 1280, height: 800 });
  const sidebar = page.getByRole('navigation', { name: 'Member pages' });
  await expect(sidebar.getByRole('link', { name: /Help & Support/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('complementary', { name: 'Member navigation' })).toHaveJSProperty(
    'offsetWidth',
    80,
  );
  await sidebar.getByRole('link', { name: /Referrals/ }).focus();
  await expect(page.getByRole('tooltip')).toContainText('Invite & Earn');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(page.getByRole('complementary', { name: 'Member navigation' })).toHaveJSProperty(
    'offsetWidth',
    256,
  );
});

test('a member changes the password: the session goes on with the new token, the old one is dead', async ({
  page,
  request,
}, testInfo) => {
  const capture = topScreenshotter(page, testInfo);
  const oldToken = await apiLogin(request, DEMO);
  const NEW_PASSWORD = 'Changed@2026ok';
  await signInWithToken(page, oldToken);
  await page.goto('/profile');

  await page.getByRole('button', { name: 'Change Password' }).click();
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in all password fields');

  await field(form, /^current password/i).fill('Wrong@Password1');
  await field(form, /^new password/i).fill(NEW_PASSWORD);
  await field(form, /^confirm new password/i).fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByRole('alert')).toHaveText('The current password is incorrect.');
  await capture('wrong current password');

  await field(form, /^current password/i).fill(DEMO.password);
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password changed successfully!')).toBeVisible();
  await expect(form).toHaveCount(0);
  await capture('password changed');
  const newToken = await page.evaluate(() => localStorage.getItem('token'));
  expect(newToken).not.toBe(oldToken);

  try {
    // The banner goes after 3 s; the page stays signed in, also after a reload.
    await expect(page.getByText('Password changed successfully!')).toHaveCount(0, {
      timeout: 5_000,
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile & Security' })).toBeVisible();
    const stale = await request.get('/api/users/profile', {
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(stale.status()).toBe(401);
  } finally {
    // Put the demo password back for the other journeys of this run.
    const restore = await request.put('/api/users/change-password', {
      headers: { authorization: `Bearer ${newToken}` },
      data: {
        currentPassword: NEW_PASSWORD,
        newPassword: DEMO.password,
        confirmPassword: DEMO.password,
      },
    });
    expect(restore.ok(), `restore: ${await restore.text()}`).toBe(true);
  }
});
