import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { makeRewardSettings } from '../testing-fixtures';
import { RewardSettingsCard } from './reward-settings-card';

const GET = 'GET /api/admin/settings/rewards';
const PUT = 'PUT /api/admin/settings/rewards';

function renderCard() {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      {
        path: '/admin/settings',
        element: (
          <>
            <RewardSettingsCard />
            <Toaster />
          </>
        ),
      },
    ],
    { at: '/admin/settings' },
  );
}

const group = (name: RegExp) => screen.getByRole('group', { name });
const direct = () => group(/^DIRECT rewards/);
const downline = () => group(/^DOWNLINE rewards/);
const level = (scope: HTMLElement, n: number) => within(scope).getByLabelText(`Level ${n}`);

describe('reward settings card', () => {
  it('shows the settings with their sums; Save waits for a valid change', async () => {
    mockApi({ [GET]: () => okResponse(makeRewardSettings()) });
    const { user } = renderCard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading reward settings...');
    expect(await screen.findByLabelText('Subscription fee (USDT)')).toHaveValue(10);
    expect(screen.getByLabelText('Copying stopped after (days)')).toHaveValue(7);
    expect(screen.getByLabelText('Minimum withdrawal (USDT)')).toHaveValue(10);
    expect(
      within(direct())
        .getAllByRole('spinbutton')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['20', '10', '5']);
    expect(within(downline()).getAllByRole('spinbutton')).toHaveLength(15);
    expect(level(downline(), 3)).toHaveValue(1.5);
    expect(screen.getByText('Direct total: 35% of the fee')).toBeInTheDocument();
    expect(screen.getByText('Downline total: 15% of the master amount')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const fee = screen.getByLabelText('Subscription fee (USDT)');
    await user.clear(fee);
    expect(screen.getByText('The fee must be a number')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(fee, '12.345');
    expect(screen.getByText('The fee has at most two decimals')).toBeInTheDocument();
    await user.clear(fee);
    await user.type(fee, '12');
    expect(screen.queryByText('The fee has at most two decimals')).toBeNull();
    expect(save).toBeEnabled();

    await user.clear(level(direct(), 1));
    await user.type(level(direct(), 1), '90');
    expect(screen.getByText('Direct total: 105% of the fee')).toBeInTheDocument();
    expect(screen.getByText('The direct percents add up to more than 100')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(level(direct(), 1));
    await user.type(level(direct(), 1), '20');

    await user.clear(level(downline(), 15));
    await user.type(level(downline(), 15), '-1');
    expect(within(downline()).getByText('A percent cannot be negative')).toBeInTheDocument();
    await user.clear(level(downline(), 15));
    await user.type(level(downline(), 15), '0.6');

    const days = screen.getByLabelText('Copying stopped after (days)');
    await user.clear(days);
    await user.type(days, '0');
    expect(screen.getByText('At least 1 day')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '7');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Subscription fee (USDT)')).toHaveValue(10);
    expect(save).toBeDisabled();
  });

  it('checks and saves the minimum withdrawal', async () => {
    const api = mockApi({
      [GET]: () => okResponse(makeRewardSettings()),
      [PUT]: (req) => okResponse(req.body, 'REWARD_SETTINGS_UPDATED'),
    });
    const { user } = renderCard();
    const minimum = await screen.findByLabelText('Minimum withdrawal (USDT)');
    const save = screen.getByRole('button', { name: 'Save' });
    for (const [typed, message] of [
      ['', 'The minimum must be a number'],
      ['0', 'The minimum must be at least 0.01 USDT'],
      ['100001', 'The minimum cannot exceed 100,000 USDT'],
      ['5.125', 'The minimum has at most two decimals'],
    ] as const) {
      await user.clear(minimum);
      if (typed) await user.type(minimum, typed);
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(minimum).toHaveAttribute('aria-invalid', 'true');
      expect(save).toBeDisabled();
    }
    await user.clear(minimum);
    await user.type(minimum, '25.5');
    expect(minimum).toHaveAttribute('aria-invalid', 'false');
    await user.click(save);
    await waitFor(() => expect(api.calls(PUT)).toHaveLength(1));
    expect(api.calls(PUT)[0]!.body).toEqual(makeRewardSettings({ minimumWithdrawal: 25.5 }));
    await waitFor(() =>
      expect(screen.getByLabelText('Minimum withdrawal (USDT)')).toHaveValue(25.5),
    );
  });

  it('adds and removes DIRECT levels, from 1 up to 15', async () => {
    mockApi({ [GET]: () => okResponse(makeRewardSettings({ directPercents: [20] })) });
    const { user } = renderCard();
    await screen.findByLabelText('Subscription fee (USDT)');
    const add = screen.getByRole('button', { name: 'Add level' });
    const remove = screen.getByRole('button', { name: 'Remove level' });
    expect(remove).toBeDisabled();
    await user.click(add);
    expect(level(direct(), 2)).toHaveValue(0);
    expect(remove).toBeEnabled();
    for (let n = 3; n <= 15; n += 1) await user.click(add);
    expect(within(direct()).getAllByRole('spinbutton')).toHaveLength(15);
    expect(add).toBeDisabled();
    await user.click(remove);
    expect(within(direct()).getAllByRole('spinbutton')).toHaveLength(14);
    expect(add).toBeEnabled();
  });

  it('saves the numbers, shows Saving... and the toast, then starts from the saved values', async () => {
    const answer = deferred<Response>();
    const api = mockApi({
      [GET]: () => okResponse(makeRewardSettings()),
      [PUT]: () => answer.promise,
    });
    const { user } = renderCard();
    const fee = await screen.findByLabelText('Subscription fee (USDT)');
    await user.clear(fee);
    await user.type(fee, '15');
    await user.click(screen.getByRole('button', { name: 'Add level' }));
    await user.clear(level(direct(), 4));
    await user.type(level(direct(), 4), '2.5');
    expect(screen.getByText('Direct total: 37.5% of the fee')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    const saved = makeRewardSettings({ subscriptionFee: 15, directPercents: [20, 10, 5, 2.5] });
    expect(api.calls(PUT)[0]!.body).toEqual(saved);

    answer.resolve(okResponse(saved, 'REWARD_SETTINGS_UPDATED'));
    expect(await screen.findByText('Reward settings saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(screen.getByLabelText('Subscription fee (USDT)')).toHaveValue(15);
    expect(level(direct(), 4)).toHaveValue(2.5);
  });

  it('shows what the server refused', async () => {
    mockApi({
      [GET]: () => okResponse(makeRewardSettings()),
      [PUT]: () =>
        failResponse(400, 'VALIDATION_ERROR', 'bad', {
          errors: [
            { field: 'downlinePercents', message: 'The downline percents add up to more than 100' },
          ],
        }),
    });
    const { user } = renderCard();
    const days = await screen.findByLabelText('Copying stopped after (days)');
    await user.clear(days);
    await user.type(days, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The downline percents add up to more than 100',
    );

    mockApi({
      [GET]: () => okResponse(makeRewardSettings()),
      [PUT]: () => failResponse(500, 'INTERNAL_SERVER_ERROR'),
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('server error, try later'),
    );
    // Editing clears the refusal.
    await user.type(days, '1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed load with Retry', async () => {
    mockApi({ [GET]: () => failResponse(500, null, null) });
    const { user } = renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load reward settings');
    mockApi({ [GET]: () => okResponse(makeRewardSettings()) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Subscription fee (USDT)')).toHaveValue(10);
  });
});
