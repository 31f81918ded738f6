import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { listMails } from '../support/mailbox';
import { createVerifiedMember, field, signIn } from '../support/members';
import { screenshotter } from '../support/screenshots';
import { BASE_URL } from '../support/server';

// Onboarding on the embedded default: the simulated chain takes the payment (9.99 leaves credit,
// 0.01 completes the fee), the BingX simulator answers for the demo UIDs.

const TEXT = {
  paymentSimulated: 'A simulated payment was sent and confirmed.',
  ineligible: 'UID is not eligible.',
  linked: 'BingX UID linked successfully! Redirecting you to the dashboard...',
} as const;

interface DemoUid {
  uid: string;
  outcome: string;
}

/** The simulator's demo UIDs: one that links, one that was not invited through our link. */
async function demoUids(request: APIRequestContext) {
  const response = await request.get('/dev/api/exchange/demo-uids');
  expect(response.ok(), 'GET /dev/api/exchange/demo-uids').toBe(true);
  const { uids } = ((await response.json()) as { data: { uids: DemoUid[] } }).data;
  const eligible = uids.find(
    (u) => /^eligible/i.test(u.outcome) && !/demo member/i.test(u.outcome),
  );
  const ineligible = uids.find((u) => /not invited/i.test(u.outcome));
  expect(eligible, `an eligible demo UID in ${JSON.stringify(uids)}`).toBeDefined();
  expect(ineligible, `a not-invited demo UID in ${JSON.stringify(uids)}`).toBeDefined();
  return { eligible: eligible!, ineligible: ineligible! };
}

test('a new member pays (simulated) in two parts, links a BingX UID and reaches the dashboard', async ({
  page,
  request,
  context,
}, testInfo) => {
  // The longest journey: pre-check, two payments, two links, a dozen captures.
  test.setTimeout(120_000);
  const screenshot = screenshotter(page, testInfo);
  // From the top: the fixed navigation bar then sits where it belongs in a full-page capture.
  const capture = async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(name);
  };
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const member = await createVerifiedMember(request, 'onboarding');
  const uids = await demoUids(request);

  // Not paid yet: sign-in lands on onboarding, step 1.
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL((url) => url.pathname === '/onboarding');
  const payment = page.getByRole('region', { name: 'Pay your subscription' });
  await expect(payment).toBeVisible();
  await expect(page.locator('li[aria-current="step"]')).toContainText('Pay Subscription');
  await expect(page.getByRole('region', { name: 'Link your BingX account' })).toHaveCount(0);

  // The deposit address, its QR code, the USDT contract, the fee.
  const address = payment.getByText(/^0x[0-9a-fA-F]{40}$/).first();
  await expect(address).toBeVisible();
  const depositAddress = (await address.textContent())!.trim();
  const qr = payment.getByRole('img', { name: 'QR code of your deposit address' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth > 0, img.width])).toEqual([
    true,
    256,
  ]);
  await expect(payment.getByText('USDT token contract')).toBeVisible();
  await expect(payment.getByText(/usually takes 1-3 minutes/)).toBeVisible();
  const amount = (label: string) => payment.getByText(label, { exact: true }).locator('xpath=..');
  await expect(amount('Subscription fee')).toContainText('10.00 USDT');
  await expect(amount('Amount due')).toContainText('10.00 USDT');
  await expectAccessible(page);
  await capture('payment step');

  // The page watches for the payment by itself.
  await expect(payment.getByTestId('payment-watch')).toContainText('Waiting for your payment…');

  // Copy the address: confirmed on the button, and in the clipboard.
  await payment.getByRole('button', { name: 'Copy deposit address' }).click();
  await expect(payment.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(depositAddress);

  // Refresh Payment Status: nothing has arrived yet.
  await payment.getByRole('button', { name: 'Refresh Payment Status' }).click();
  await expect(payment.getByText(/the full fee has not arrived yet/)).toBeVisible();

  // A simulated 9.99 USDT: credited, not enough for a period.
  const simulator = page.getByRole('region', { name: 'Simulate a payment (development only)' });
  await expect(simulator).toBeVisible();
  await expect(field(simulator, /amount/i)).toHaveValue('10');
  await field(simulator, /amount/i).fill('9.99');
  await simulator.getByRole('button', { name: 'Simulate payment' }).click();
  await expect(simulator.getByText(TEXT.paymentSimulated)).toBeVisible();
  await expect(amount('Already credited')).toContainText('9.99 USDT');
  await expect(amount('Amount due')).toContainText('0.01 USDT');
  const watch = payment.getByTestId('payment-watch');
  await expect(watch).toContainText('9.99 USDT received: 0.01 USDT still to send.');
  // A simulated hash is shown, never linked to a public explorer.
  await expect(watch).toContainText(/0x[0-9a-f]{6}/);
  await expect(watch.getByRole('link', { name: /^0x/ })).toHaveCount(0);
  // The receipt mail, with the transaction.
  await expect
    .poll(
      async () =>
        (await listMails(request)).find(
          (m) => m.to === member.email && m.subject === 'Payment received',
        )?.text ?? '',
    )
    .toContain('We received 9.99 USDT (BEP20)');
  await expect(payment).toBeVisible();
  await capture('payment step with credit');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await capture('payment step dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // 0.01 more completes the fee: step 2.
  await field(simulator, /amount/i).fill('0.01');
  await simulator.getByRole('button', { name: 'Simulate payment' }).click();
  const link = page.getByRole('region', { name: 'Link your BingX account' });
  await expect(link).toBeVisible();
  await expect(payment).toHaveCount(0);
  await expect(page.locator('li[aria-current="step"]')).toContainText('Link exchange account');
  await expect(link.getByText(/numeric, usually 8-12 digits/)).toBeVisible();
  const hint = link.getByRole('region', { name: 'Try a simulator UID' });
  await expect(hint.getByText('Demo only')).toBeVisible();
  await expectAccessible(page);
  await capture('link step');
  // Is my BingX UID good enough? Checked without linking, for a paid member only, and without
  // the account's balance (decision 040).
  const precheck = page.getByRole('region', { name: 'Check my BingX UID first' });
  await field(precheck, /uid to check/i).fill(uids.ineligible.uid);
  await precheck.getByRole('button', { name: 'Check' }).click();
  const verdict = precheck.getByTestId('uid-check-result');
  await expect(verdict).toContainText('Open BingX through our link');
  await expect(verdict).toContainText('This UID cannot be linked yet.');
  await field(precheck, /uid to check/i).fill(uids.eligible.uid);
  await precheck.getByRole('button', { name: 'Check' }).click();
  await expect(verdict).toContainText('This UID meets what BingX must confirm: link it above.');
  await expect(verdict).toContainText('Deposited at least 100 USDT');
  await expect(verdict).not.toContainText('balance');
  await expectAccessible(page);
  await capture('uid pre-check');

  // Empty: refused without a call.
  await link.getByRole('button', { name: 'Link BingX UID' }).click();
  await expect(link.getByText('Please enter your BingX UID')).toBeVisible();

  // A UID that was not invited through our link.
  await hint
    .getByRole('button', { name: new RegExp(`^Use demo UID ${uids.ineligible.uid}`) })
    .click();
  await expect(field(link, /bingx uid/i)).toHaveValue(uids.ineligible.uid);
  await link.getByRole('button', { name: 'Link BingX UID' }).click();
  await expect(link.getByRole('alert')).toHaveText(TEXT.ineligible);
  await capture('link step refused');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await capture('link step dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // The eligible UID (typed, with spaces around it): linked, then the dashboard after 3 s.
  await field(link, /bingx uid/i).fill(`  ${uids.eligible.uid} `);
  await link.getByRole('button', { name: 'Link BingX UID' }).click();
  await expect(page.getByText(TEXT.linked)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Dashboard' })).toBeVisible();
  await capture('onboarding complete');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
  await capture('dashboard after onboarding');

  // The profile shows the UID and both payments, with explorer links.
  await page.goto('/profile');
  await expect(page.getByText('BingX UID', { exact: true }).locator('xpath=..')).toContainText(
    uids.eligible.uid,
  );
  const history = page.getByRole('region', { name: 'Payment history' });
  const rows = history.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('0.01 USDT');
  await expect(rows.nth(1)).toContainText('+30 days');
  await expect(rows.nth(2)).toContainText('9.99 USDT');
  await expect(rows.nth(2)).toContainText('Credit toward the next period');
  // A simulated hash is not linked to a public explorer.
  await expect(rows.nth(1)).toContainText(/0x[0-9a-f]{6}/i);
  await expectAccessible(page);
  await capture('profile payment history');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await capture('profile payment history dark');
});
