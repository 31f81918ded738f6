import type { OtpRequestResponse } from '@ctn/contracts/withdrawals';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { formatTime } from '@/lib/format';
import { rewardStatsKeys } from '@/lib/reward-stats';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { memberRewardsKeys } from '../api/get-member-rewards';
import { withdrawalsKeys } from '../api/get-withdrawals';
import { RewardsPage } from '../pages/rewards-page';
import {
  makeRewardStats,
  makeWithdrawal,
  renderRewardsRoute,
  STATS,
  WITHDRAWALS,
} from '../testing-fixtures';

const REQUEST = 'POST /api/otp/withdrawal/request';
const VERIFY = 'POST /api/otp/withdrawal/verify';
const CREATE = 'POST /api/withdrawals';
/** The EIP-55 example address, and the same with its last letter's case flipped. */
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function otpTimes(overrides: Partial<OtpRequestResponse> = {}): OtpRequestResponse {
  // The resend wait is over unless a test says otherwise.
  return { expiresAt: inMinutes(10), resendAvailableAt: inMinutes(-1), ...overrides };
}

function renderPage(routes: Parameters<typeof mockApi>[0] = {}) {
  return renderRewardsRoute(
    <>
      <RewardsPage />
      <Toaster />
    </>,
    { [REQUEST]: () => okResponse(otpTimes()), ...routes },
  );
}

async function openDialog(user: ReturnType<typeof renderPage>['user']) {
  const trigger = screen.getByRole('button', { name: 'Request Withdrawal' });
  await waitFor(() => expect(trigger).toBeEnabled());
  await user.click(trigger);
  return screen.findByRole('dialog', { name: 'Request Withdrawal' });
}

type Setup = ReturnType<typeof renderPage>;

/** Addresses are pasted, as members do (and typing 42 characters is slow in jsdom). */
async function paste(user: Setup['user'], input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/** Opens the dialog, fills it in and continues to the code step. */
async function toCodeStep({ user }: Setup, amount = '50', wallet = WALLET) {
  const dialog = await openDialog(user);
  await user.type(within(dialog).getByLabelText('Amount (USDT)'), amount);
  await paste(user, within(dialog).getByLabelText('Wallet Address'), wallet);
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return screen.findByRole('dialog', { name: 'Enter Verification Code' });
}

const amountInput = () => screen.getByLabelText('Amount (USDT)');
const walletInput = () => screen.getByLabelText('Wallet Address');
const codeInput = () => screen.getByLabelText('Verification code');
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const verifyButton = () => screen.getByRole('button', { name: 'Verify & Submit' });

describe('withdrawal dialog: the form', () => {
  it('states the network with a warning, offers Max, and shows what the member receives', async () => {
    const { user } = renderPage();
    const dialog = await openDialog(user);
    expect(within(dialog).getByText('Network').nextElementSibling).toHaveTextContent(
      'BNB Smart Chain (BEP20)',
    );
    expect(dialog).toHaveTextContent(
      'USDT sent to an address on another network cannot be recovered.',
    );
    expect(screen.getByTestId('receive-amount')).toHaveTextContent('—');
    await user.click(within(dialog).getByRole('button', { name: /^Withdraw the whole balance/ }));
    expect(amountInput()).toHaveValue(125.5);
    expect(screen.getByTestId('receive-amount')).toHaveTextContent('125.50 USDT');
  });

  it('Max fills exactly the Available shown, which never rounds up (decision 050)', async () => {
    const { user } = renderPage({
      [STATS]: () => okResponse(makeRewardStats({ currentBalance: 62.43883 })),
    });
    const dialog = await openDialog(user);
    expect(amountInput()).toHaveAccessibleDescription('Minimum 10 USDT · Available 62.43 USDT');
    await user.click(within(dialog).getByRole('button', { name: /^Withdraw the whole balance/ }));
    expect(amountInput()).toHaveValue(62.43);
    expect(screen.getByTestId('receive-amount')).toHaveTextContent('62.43 USDT');
  });

  it('shows the amount limits and USDT; Continue waits for both fields and a valid address', async () => {
    const setup = renderPage();
    const { user } = setup;
    const dialog = await openDialog(user);

    const amount = amountInput();
    expect(amount).toHaveFocus();
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('min', '0.01');
    expect(amount).toHaveAttribute('max', '125.5');
    expect(amount).toHaveAccessibleDescription('Minimum 10 USDT · Available 125.50 USDT');
    expect(within(dialog).getByText('Asset').nextElementSibling).toHaveTextContent('USDT');
    expect(within(dialog).queryByRole('combobox')).toBeNull();

    expect(continueButton()).toBeDisabled();
    expect(walletInput()).toHaveAccessibleDescription(
      '40 hexadecimal digits, optionally starting with 0x.',
    );

    await user.type(amount, '50');
    expect(continueButton()).toBeDisabled();

    await user.type(walletInput(), '0');
    expect(walletInput()).toHaveAccessibleDescription('Invalid wallet address format');
    await user.clear(walletInput());
    expect(walletInput()).toHaveAccessibleDescription(
      '40 hexadecimal digits, optionally starting with 0x.',
    );

    await paste(user, walletInput(), BAD_CHECKSUM);
    expect(walletInput()).toHaveAccessibleDescription('Invalid wallet address format');
    expect(walletInput()).toHaveAttribute('aria-invalid', 'true');
    expect(continueButton()).toBeDisabled();

    await user.clear(walletInput());
    await paste(user, walletInput(), WALLET);
    expect(walletInput()).toHaveAccessibleDescription('Valid wallet address');
    expect(walletInput()).toHaveAttribute('aria-invalid', 'false');
    expect(continueButton()).toBeEnabled();

    await user.clear(amount);
    expect(continueButton()).toBeDisabled();
    expect(setup.api.calls(REQUEST)).toHaveLength(0);
  });

  it('refuses an amount above the balance or below the minimum without asking for a code', async () => {
    const { user, api } = renderPage();
    await openDialog(user);
    await user.type(amountInput(), '125.51');
    await paste(user, walletInput(), WALLET);
    await user.click(continueButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid withdrawal amount');

    // Typing again clears the message.
    await user.clear(amountInput());
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(amountInput(), '9.99');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The minimum withdrawal is 10 USDT');
    expect(api.calls(REQUEST)).toHaveLength(0);
  });

  it("reads 'Requesting OTP...' while the code is requested, then asks for the code", async () => {
    const gate = deferred<void>();
    const times = otpTimes();
    const setup = renderPage({ [REQUEST]: () => gate.promise.then(() => okResponse(times)) });
    const { user, api } = setup;
    await openDialog(user);
    await user.type(amountInput(), '50');
    await paste(user, walletInput(), WALLET);
    await user.click(continueButton());

    const busy = await screen.findByRole('button', { name: 'Requesting OTP...' });
    expect(busy).toBeDisabled();
    expect(api.calls(REQUEST)).toHaveLength(1);
    // The mail states the withdrawal the code is for.
    expect(api.calls(REQUEST)[0]!.body).toEqual({ amount: 50, walletAddress: WALLET });

    gate.resolve();
    const dialog = await screen.findByRole('dialog', { name: 'Enter Verification Code' });
    expect(dialog).toHaveAccessibleDescription(
      "We've sent a verification code to your email address.",
    );
    expect(dialog).toHaveTextContent(`Code expires at ${formatTime(times.expiresAt)}`);
    expect(dialog).toHaveTextContent('50.00 USDT');
    expect(dialog).toHaveTextContent(WALLET);
    expect(codeInput()).toHaveFocus();
    expect(codeInput()).toHaveAttribute('inputmode', 'numeric');
    expect(codeInput()).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('shows why a code could not be requested', async () => {
    const answers = [
      () => failResponse(409, 'TOO_MANY_PENDING_WITHDRAWALS'),
      () => failResponse(403, 'ACCOUNT_NOT_ACTIVE'),
      () => failResponse(500, null),
    ];
    const { user } = renderPage({ [REQUEST]: () => answers.shift()!() });
    await openDialog(user);
    await user.type(amountInput(), '50');
    await paste(user, walletInput(), WALLET);
    for (const text of [
      'Wait for existing requests.',
      'Contact support.',
      'Failed to request OTP',
    ]) {
      await user.click(continueButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    }
    expect(screen.getByRole('dialog', { name: 'Request Withdrawal' })).toBeInTheDocument();
  });
});

describe('withdrawal dialog: the code', () => {
  it('keeps digits only, at most 6, and enables Verify & Submit at exactly 6', async () => {
    const setup = renderPage();
    await toCodeStep(setup);
    const { user } = setup;
    expect(verifyButton()).toBeDisabled();
    await user.type(codeInput(), 'a1b2 c3-d4e5');
    expect(codeInput()).toHaveValue('12345');
    expect(verifyButton()).toBeDisabled();
    await user.type(codeInput(), '6789');
    expect(codeInput()).toHaveValue('123456');
    expect(verifyButton()).toBeEnabled();
    await user.type(codeInput(), '{Backspace}');
    expect(verifyButton()).toBeDisabled();
  });

  it('verifies, then creates the withdrawal; success closes, toasts and reloads', async () => {
    const verifyGate = deferred<void>();
    const createGate = deferred<void>();
    const setup = renderPage({
      [VERIFY]: () => verifyGate.promise.then(() => okResponse(null)),
      [CREATE]: () =>
        createGate.promise.then(() =>
          okResponse(makeWithdrawal(9, { amount: 50.25, walletAddress: WALLET }), 'OK', 201),
        ),
    });
    const { user, api, queryClient } = setup;
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await toCodeStep(setup, '50.25');
    await user.type(codeInput(), '123456');
    await user.click(verifyButton());

    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(api.calls(VERIFY).map((r) => r.body)).toEqual([{ otp: '123456' }]);
    expect(api.calls(CREATE)).toHaveLength(0);
    // Escape does not hide the outcome while the request is on its way.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    verifyGate.resolve();
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(api.calls(CREATE).map((r) => r.body)).toEqual([
      { amount: 50.25, walletAddress: WALLET, asset: 'USDT', otp: '123456' },
    ]);

    const statsBefore = api.calls(STATS).length;
    const withdrawalsBefore = api.calls(WITHDRAWALS).length;
    createGate.resolve();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent(
      'Withdrawal request submitted',
    );
    expect(screen.getByRole('button', { name: 'Request Withdrawal' })).toHaveFocus();
    await waitFor(() => expect(api.calls(STATS).length).toBeGreaterThan(statsBefore));
    await waitFor(() => expect(api.calls(WITHDRAWALS).length).toBeGreaterThan(withdrawalsBefore));
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([rewardStatsKeys.all, withdrawalsKeys.all, memberRewardsKeys.all]),
    );

    // The next opening starts with an empty amount and the address just paid to; the used
    // code is not offered again.
    await user.click(screen.getByRole('button', { name: 'Request Withdrawal' }));
    await screen.findByRole('dialog', { name: 'Request Withdrawal' });
    expect(amountInput()).toHaveValue(null);
    expect(walletInput()).toHaveValue(WALLET);
    expect(screen.queryByRole('button', { name: /I have a code/ })).toBeNull();
  });

  it('shows why the code or the withdrawal was refused, and creates nothing after a bad code', async () => {
    const verifyAnswers = [
      () => failResponse(400, 'OTP_INVALID'),
      () => failResponse(400, 'SOMETHING_NEW', 'The server says no'),
      () => failResponse(500, null),
      () => okResponse(null),
      () => okResponse(null),
      () => okResponse(null),
      () => okResponse(null),
    ];
    const createAnswers = [
      () => failResponse(400, 'INSUFFICIENT_BALANCE'),
      () => failResponse(409, 'WALLET_ADDRESS_IN_USE'),
      () =>
        failResponse(400, 'VALIDATION_ERROR', null, {
          errors: [{ field: 'amount', message: 'Invalid withdrawal amount' }],
        }),
      () => failResponse(500, null),
    ];
    const setup = renderPage({
      [VERIFY]: () => verifyAnswers.shift()!(),
      [CREATE]: () => createAnswers.shift()!(),
    });
    const { user, api } = setup;
    await toCodeStep(setup);
    await user.type(codeInput(), '654321');
    for (const text of [
      'Invalid OTP code',
      'The server says no',
      'Invalid OTP code',
      'Balance is insufficient for the withdrawal.',
      'Already on another pending withdrawal.',
      'Invalid withdrawal amount',
      'Failed to submit withdrawal request',
    ]) {
      await user.click(verifyButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    }
    expect(api.calls(VERIFY)).toHaveLength(7);
    expect(api.calls(CREATE)).toHaveLength(4);
    expect(screen.getByRole('dialog', { name: 'Enter Verification Code' })).toBeInTheDocument();
  });

  it('shows the network text when the code cannot be sent for checking', async () => {
    const setup = renderPage({ [VERIFY]: () => Promise.reject(new Error('offline')) });
    await toCodeStep(setup);
    await setup.user.type(codeInput(), '123456');
    await setup.user.click(verifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Network connection failed.');
  });

  it('offers a new code after OTP_EXPIRED and OTP_TOO_MANY_ATTEMPTS', async () => {
    const later = otpTimes({ expiresAt: inMinutes(20) });
    const requests = [() => okResponse(otpTimes()), () => okResponse(later)];
    const setup = renderPage({
      [REQUEST]: () => requests.shift()!(),
      [VERIFY]: () => failResponse(400, 'OTP_EXPIRED'),
    });
    const { user, api } = setup;
    await toCodeStep(setup);
    await user.type(codeInput(), '123456');
    await user.click(verifyButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The code has expired. Request a new one.');
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Request a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new code has been sent to your email address.',
    );
    expect(api.calls(REQUEST)).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(codeInput()).toHaveValue('');
    expect(codeInput()).toHaveFocus();
    expect(screen.getByRole('dialog')).toHaveTextContent(
      `Code expires at ${formatTime(later.expiresAt)}`,
    );

    mockApi({
      [VERIFY]: () => failResponse(400, 'OTP_TOO_MANY_ATTEMPTS'),
    });
    await user.type(codeInput(), '111111');
    await user.click(verifyButton());
    const again = await screen.findByRole('alert');
    expect(again).toHaveTextContent('Too many wrong codes. Request a new one.');
    expect(within(again).getByRole('button', { name: 'Request a new code' })).toBeEnabled();
  });

  it('waits for resendAvailableAt before Resend code, counting down', async () => {
    const setup = renderPage({
      [REQUEST]: () => okResponse(otpTimes({ resendAvailableAt: inMinutes(0.5) })),
    });
    await toCodeStep(setup);
    const wait = screen.getByRole('button', { name: /^Resend code in \d+s$/ });
    expect(wait).toBeDisabled();
    expect(Number(/(\d+)s/.exec(wait.textContent ?? '')?.[1])).toBeGreaterThanOrEqual(29);
  });

  it('enables Resend code when the wait is over', async () => {
    const setup = renderPage({
      [REQUEST]: () =>
        okResponse(otpTimes({ resendAvailableAt: new Date(Date.now() + 1200).toISOString() })),
    });
    await toCodeStep(setup);
    expect(screen.getByRole('button', { name: /^Resend code in [12]s$/ })).toBeDisabled();
    const resend = await screen.findByRole('button', { name: 'Resend code' }, { timeout: 3000 });
    expect(resend).toBeEnabled();
  });

  it('Resend code asks for another code and shows the new expiry, or why not', async () => {
    const later = otpTimes({ expiresAt: inMinutes(20), resendAvailableAt: inMinutes(1) });
    const requests = [
      () => okResponse(otpTimes()),
      () => failResponse(429, 'OTP_RESEND_TOO_SOON'),
      () => okResponse(later),
    ];
    const setup = renderPage({ [REQUEST]: () => requests.shift()!() });
    const { user, api } = setup;
    await toCodeStep(setup);
    await user.type(codeInput(), '12');

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A code was sent a moment ago. Please wait before asking for another.',
    );
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new code has been sent to your email address.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls(REQUEST)).toHaveLength(3);
    expect(codeInput()).toHaveValue('');
    expect(screen.getByRole('dialog')).toHaveTextContent(
      `Code expires at ${formatTime(later.expiresAt)}`,
    );
    expect(screen.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
  });
});

describe('withdrawal dialog: Back, Cancel and close', () => {
  it('Back returns to the form with the amount and address kept; Continue asks again', async () => {
    const setup = renderPage();
    const { user, api } = setup;
    await toCodeStep(setup, '75.5');
    await user.type(codeInput(), '123');
    await user.click(screen.getByRole('button', { name: 'Back' }));

    await screen.findByRole('dialog', { name: 'Request Withdrawal' });
    expect(amountInput()).toHaveValue(75.5);
    expect(amountInput()).toHaveFocus();
    expect(walletInput()).toHaveValue(WALLET);
    expect(walletInput()).toHaveAccessibleDescription('Valid wallet address');

    await user.click(continueButton());
    await screen.findByRole('dialog', { name: 'Enter Verification Code' });
    expect(codeInput()).toHaveValue('');
    expect(api.calls(REQUEST)).toHaveLength(2);
  });

  /** A code for 20 USDT is mailed, Back is pressed, and the next code would come too soon. */
  async function backWithinResendWait() {
    const first = otpTimes({ resendAvailableAt: inMinutes(1) });
    const requests = [() => okResponse(first), () => failResponse(429, 'OTP_RESEND_TOO_SOON')];
    const setup = renderPage({ [REQUEST]: () => requests.shift()!() });
    await toCodeStep(setup, '20');
    await setup.user.click(screen.getByRole('button', { name: 'Back' }));
    return { user: setup.user, first };
  }

  it('goes on with the code in hand when a new one is refused as too soon after Back', async () => {
    const { user, first } = await backWithinResendWait();
    await user.click(continueButton());
    const dialog = await screen.findByRole('dialog', { name: 'Enter Verification Code' });
    expect(dialog).toHaveTextContent(`Code expires at ${formatTime(first.expiresAt)}`);
    expect(dialog).toHaveTextContent('20.00 USDT');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not reuse the code for another amount: its mail named the first one', async () => {
    const { user } = await backWithinResendWait();
    await user.clear(amountInput());
    await user.type(amountInput(), '30');
    await user.click(continueButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('A code was sent a moment ago');
    expect(screen.getByRole('dialog', { name: 'Request Withdrawal' })).toBeInTheDocument();
  });

  it('Cancel resets the fields and the error, and gives the focus back', async () => {
    const { user } = renderPage();
    await openDialog(user);
    await user.type(amountInput(), '500');
    await paste(user, walletInput(), WALLET);
    await user.click(continueButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid withdrawal amount');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const trigger = screen.getByRole('button', { name: 'Request Withdrawal' });
    expect(trigger).toHaveFocus();

    await openDialog(user);
    expect(amountInput()).toHaveValue(null);
    expect(walletInput()).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closing from the code step to read the mail resumes at the code step', async () => {
    const setup = renderPage({
      [REQUEST]: () => okResponse(otpTimes({ resendAvailableAt: inMinutes(0.7) })),
    });
    const { user, api } = setup;
    await toCodeStep(setup, '42');
    await user.type(codeInput(), '123456');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const trigger = screen.getByRole('button', { name: 'Request Withdrawal' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Enter Verification Code' });
    expect(dialog).toHaveTextContent('42.00 USDT');
    expect(codeInput()).toHaveValue('');
    // Back shows the request the code is for, and the way to the code again.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(amountInput()).toHaveValue(42);
    expect(walletInput()).toHaveValue(WALLET);
    await user.click(screen.getByRole('button', { name: /^I have a code · resend in \d+ s$/ }));
    expect(await screen.findByRole('dialog', { name: 'Enter Verification Code' })).toBeVisible();
    expect(api.calls(REQUEST)).toHaveLength(1);
  });
});
