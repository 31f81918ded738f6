import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_REFERRAL_CODE } from './server';
import { waitForMailLink } from './mailbox';

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
