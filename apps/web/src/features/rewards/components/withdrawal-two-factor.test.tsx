import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, okResponse } from '@/testing/api-mock';
import { RewardsPage } from '../pages/rewards-page';
import { makeWithdrawal, renderRewardsRoute } from '../testing-fixtures';

const CREATE = 'POST /api/withdrawals';
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** A member with two-factor sign-in, at the code step of a 50 USDT withdrawal. */
async function atCodeStep(twoFactorEnabled: boolean, create: () => Response) {
  const setup = renderRewardsRoute(
    <RewardsPage />,
    {
      'POST /api/otp/withdrawal/request': () =>
        okResponse({ expiresAt: inMinutes(10), resendAvailableAt: inMinutes(-1) }),
      'POST /api/otp/withdrawal/verify': () => okResponse(null),
      [CREATE]: create,
    },
    { twoFactorEnabled },
  );
  const { user } = setup;
  const trigger = screen.getByRole('button', { name: 'Request Withdrawal' });
  await waitFor(() => expect(trigger).toBeEnabled());
  await user.click(trigger);
  const form = await screen.findByRole('dialog', { name: 'Request Withdrawal' });
  await user.type(within(form).getByLabelText('Amount (USDT)'), '50');
  await user.click(within(form).getByLabelText('Wallet Address'));
  await user.paste(WALLET);
  await user.click(within(form).getByRole('button', { name: 'Continue' }));
  await screen.findByRole('dialog', { name: 'Enter Verification Code' });
  return setup;
}

describe('withdrawal dialog: the second factor', () => {
  it('asks a member with two-factor for the authenticator code and sends it with the request', async () => {
    const { user, api } = await atCodeStep(true, () =>
      okResponse(makeWithdrawal(1, { amount: 50, walletAddress: WALLET }), 'OK', 201),
    );
    const submit = screen.getByRole('button', { name: 'Verify & Submit' });
    await user.type(screen.getByLabelText('Verification code'), '123456');
    // The mailed code alone is not enough.
    expect(submit).toBeDisabled();
    expect(screen.getByLabelText('Authenticator code')).toHaveAccessibleDescription(
      'The 6-digit code your authenticator app shows now, or one of your recovery codes.',
    );
    await user.type(screen.getByLabelText('Authenticator code'), ' 654321 ');
    await user.click(submit);
    await waitFor(() =>
      expect(api.calls(CREATE).map((r) => r.body)).toEqual([
        { amount: 50, walletAddress: WALLET, asset: 'USDT', otp: '123456', totpCode: '654321' },
      ]),
    );
  });

  it('shows why a wrong authenticator code was refused, keeping the step', async () => {
    const { user } = await atCodeStep(true, () =>
      failResponse(401, 'INVALID_TWO_FACTOR_CODE', 'That code is not right.'),
    );
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('Authenticator code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify & Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/code is not right/);
    expect(screen.getByRole('dialog', { name: 'Enter Verification Code' })).toBeInTheDocument();
  });

  it('asks nothing more of a member without two-factor', async () => {
    const { user, api } = await atCodeStep(false, () =>
      okResponse(makeWithdrawal(1, { amount: 50, walletAddress: WALLET }), 'OK', 201),
    );
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify & Submit' }));
    await waitFor(() =>
      expect(api.calls(CREATE).map((r) => r.body)).toEqual([
        { amount: 50, walletAddress: WALLET, asset: 'USDT', otp: '123456' },
      ]),
    );
  });
});
