import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_REFERRAL_CODE } from './server';
import { waitForMailLink } from './mailbox';
import { DEMO } from '../../apps/server/src/bootstrap/demo-accounts';

/** A password that satisfies every rule of the spec (8+, upper, lower, digit, one of @$!%*?&). */
export const PASSWORD = 'Journey@2025ok';

/** A new, unique address on every run (the mailbox and the database outlive single tests). */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`;
}

/** An input found by its label; `.and(input)` skips buttons such as "Show password". */
export function field(page: Page | Locator, label: RegExp): Locator {
  return page.getByLabel(label).and(page.locator('input'));
}

/** The verification link of a registration mail: `${PUBLIC_URL}/verify-email?token=…`. */
export const VERIFY_LINK = /\/verify-email\?token=[^&#\s]+/;

/** Registers and verifies a member through the API (for tests whose subject is elsewhere). */
export async function createVerifiedMember(request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  const register = await request.post('/api/users/register', {
    data: {
      firstName: 'Erin',
      lastName: 'Tester',
      email,
      password: PASSWORD,
      referredByCode: DEMO_REFERRAL_CODE,
    },
  });
  expect(register.ok(), `register: ${await register.text()}`).toBe(true);
  const { link } = await waitForMailLink(request, email, VERIFY_LINK);
  const token = new URL(link).searchParams.get('token');
  const verify = await request.post('/api/users/verify-email', { data: { token } });
  expect(verify.ok(), `verify-email: ${await verify.text()}`).toBe(true);
  return { email, password: PASSWORD };
}

/** Signs in through the /signin form (the caller checks where it lands). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  const form = page.locator('form').filter({ has: field(page, /^password/i) });
  await field(form, /^e-?mail/i).fill(email);
  await field(form, /^password/i).fill(password);
  await form.getByRole('button', { name: /^(sign in|log in|login)/i }).click();
}

/** The demo member, seeded at start (the one home of the demo accounts is the server's). */
export const DEMO_MEMBER = DEMO.member;
/** The demo administrator, seeded at start, and their authenticator key. */
export const DEMO_ADMIN = DEMO.admin;

const TOTP_STEP_MS = 30_000;
/** The last time step used, shared by every spec file of a run: each code signs in once. */
const LAST_STEP_FILE = join(tmpdir(), 'ctn-e2e-admin-totp-step');

/**
 * A code the server takes now and has not seen: the current 30 s step, or the next one (the
 * server accepts one step of drift) when the current one was used; waits for time to allow it.
 */
export async function unusedAdminCode(): Promise<string> {
  const last = existsSync(LAST_STEP_FILE) ? Number(readFileSync(LAST_STEP_FILE, 'utf8')) : 0;
  const currentStep = () => Math.floor(Date.now() / TOTP_STEP_MS);
  const step = Math.max(currentStep(), last + 1);
  while (step > currentStep() + 1) await new Promise((r) => setTimeout(r, 500));
  writeFileSync(LAST_STEP_FILE, String(step));
  const totp = new TOTP({
    secret: Secret.fromBase32(DEMO_ADMIN.totpSecret),
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: step * TOTP_STEP_MS + 1_000 });
}

/** Signs the demo administrator in through the form, password then authenticator code. */
export async function signInAsDemoAdmin(page: Page): Promise<void> {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const code = field(page, /^authentication code/i);
  await expect(code).toBeVisible();
  await code.fill(await unusedAdminCode());
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}
