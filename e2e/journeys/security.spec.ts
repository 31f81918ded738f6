import { Secret, TOTP } from 'otpauth';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin } from '../support/api';
import { createVerifiedMember, field, signIn } from '../support/members';
import { screenshotter } from '../support/screenshots';

const STEP_MS = 30_000;

/** Pays the fee on the simulated chain and links a demo UID, through the API: /profile needs both. */
async function completeOnboarding(
  request: APIRequestContext,
  member: { email: string; password: string },
  uid: string,
) {
  const token = await apiLogin(request, member);
  const headers = { authorization: `Bearer ${token}` };
  const paid = await request.post('/dev/api/simulate-payment', { headers, data: { amount: 10 } });
  expect(paid.ok(), `simulate-payment: ${await paid.text()}`).toBe(true);
  const linked = await request.put('/api/users/bingx-uid', { headers, data: { bingXUID: uid } });
  expect(linked.ok(), `bingx-uid: ${await linked.text()}`).toBe(true);
}

/** The code of the authenticator for the time step after `step` (the server allows one of drift). */
function codeAfter(secret: string, step: number): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: (step + 1) * STEP_MS + 1_000 });
}

// A member's security centre: two-factor sign-in switched on from Profile with an authenticator
// app, a sign-in that asks for the code, the sessions and the security log, sign out everywhere.
test('a member turns on two-factor sign-in, signs in with a code and signs out everywhere', async ({
  page,
  request,
}, testInfo) => {
  const capture = screenshotter(page, testInfo);
  const member = await createVerifiedMember(request, 'security');
  await completeOnboarding(request, member, '12345679');
  await signIn(page, member.email, member.password);
  await expect(page).not.toHaveURL(/\/signin/);

  await page.goto('/profile');
  await expect(page.getByText('Two-factor authentication', { exact: true })).toBeVisible();
  await capture('profile security centre');

  await page.getByRole('button', { name: 'Turn on' }).click();
  // Turning it on asks for the password again: a stolen session cannot (decision 039).
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByText('Enter your current password.')).toBeVisible();
  await field(page, /^current password/i).fill(member.password);
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const key = page.getByTestId('totp-secret');
  await expect(key).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await key.innerText()).replaceAll(' ', '');
  await capture('two-factor setup with QR code');

  // A wrong code is refused and nothing typed is lost.
  const codeInput = field(page, /^code from the app/i);
  await codeInput.fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  const enabledAt = Math.floor(Date.now() / STEP_MS);
  await codeInput.fill(codeAfter(secret, enabledAt - 1));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
  await capture('recovery codes shown once');
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText('10 recovery codes left', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();

  // Signing in again: the password, then the authenticator's next code.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, member.email, member.password);
  const code = field(page, /^authentication code/i);
  await expect(code).toBeVisible();
  await capture('sign-in asks for the code');
  await code.fill(codeAfter(secret, Math.max(enabledAt, Math.floor(Date.now() / STEP_MS))));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).not.toHaveURL(/\/signin/);

  await page.goto('/profile');
  await expect(page.getByText('Active sessions')).toBeVisible();
  await expect(page.getByText('Security log')).toBeVisible();
  await expect(page.getByText(/two-factor/i).first()).toBeVisible();
  await capture('sessions and security log');

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/signin/);
});
