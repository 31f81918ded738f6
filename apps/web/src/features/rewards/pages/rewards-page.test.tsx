import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { formatDate, formatDateTime } from '@/lib/format';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { viewportWidth } from '@/testing/viewport';
import {
  ADDRESS,
  makeReward as reward,
  makeRewardStats as stats,
  makeWithdrawal as withdrawal,
  renderRewardsRoute,
  REWARDS,
  rewardsAnswer as rewardsPage,
  STATS,
  WITHDRAWALS,
  withdrawalsAnswer as withdrawals,
} from '../testing-fixtures';
import { RewardsPage } from './rewards-page';

const HASH = '0x8f3a1c9e5b7d2f4a6c8e0b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a';

function renderPage(routes: Parameters<typeof mockApi>[0]) {
  return renderRewardsRoute(
    <>
      <RewardsPage />
      <Toaster />
    </>,
    routes,
  );
}

const query = (request: { url: URL }) => Object.fromEntries(request.url.searchParams);

describe('rewards page: balance', () => {
  it('shows the balance and breakdown; Request Withdrawal opens the dialog', async () => {
    const { user } = renderPage({});
    expect(screen.getByRole('heading', { level: 1, name: 'Rewards & Earnings' })).toBeVisible();
    const request = screen.getByRole('button', { name: 'Request Withdrawal' });
    expect(request).toBeDisabled();
    expect(await screen.findByTestId('current-balance')).toHaveTextContent('125.50 USDT');
    expect(screen.getByTestId('balance-caption')).toHaveTextContent('Available to withdraw');
    const breakdown = screen.getByRole('region', { name: 'Earnings Breakdown' });
    for (const [label, value] of [
      ['Total Earned', '300.00 USDT'],
      ['Total Withdrawn', '174.50 USDT'],
      ['Direct Rewards', '20.00 USDT'],
    ] as const) {
      expect(within(breakdown).getByText(label).nextElementSibling).toHaveTextContent(value);
    }

    expect(request).toBeEnabled();
    await user.click(request);
    const dialog = await screen.findByRole('dialog', { name: 'Request Withdrawal' });
    expect(within(dialog).getByLabelText('Amount (USDT)')).toHaveAttribute('max', '125.5');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(request).toHaveFocus();
  });

  it('disables Request Withdrawal when the balance is zero or less', async () => {
    renderPage({ [STATS]: () => okResponse(stats({ currentBalance: 0 })) });
    expect(await screen.findByTestId('current-balance')).toHaveTextContent('0.00 USDT');
    expect(screen.getByRole('button', { name: 'Request Withdrawal' })).toBeDisabled();
  });

  it("shows 'Failed to load reward stats' with Retry; Refresh asks for everything again", async () => {
    const { user } = renderPage({ [STATS]: () => failResponse(500, null) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load reward stats');
    expect(screen.getByRole('button', { name: 'Request Withdrawal' })).toBeDisabled();
    const api = mockApi({
      [STATS]: () => okResponse(stats()),
      [WITHDRAWALS]: () => withdrawals([]),
    });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('current-balance')).toHaveTextContent('125.50 USDT');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.calls(STATS)).toHaveLength(2));
    await waitFor(() => expect(api.calls(WITHDRAWALS)).toHaveLength(1));
  });
});

describe('rewards page: balances that add up', () => {
  it('shows unknown figures, never 0.00, when the stats fail to load', async () => {
    renderPage({ [STATS]: () => failResponse(500, null) });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByTestId('current-balance')).toHaveTextContent('— USDT');
    const breakdown = screen.getByRole('region', { name: 'Earnings Breakdown' });
    expect(within(breakdown).getByText('Total Earned').nextElementSibling).toHaveTextContent('—');
    expect(screen.queryByTestId('balance-equation')).toBeNull();
  });

  it('while a request is pending: the sum holds and a second request is explained away', async () => {
    renderPage({
      [STATS]: () =>
        okResponse(stats({ currentBalance: 113, pendingWithdrawals: 12.5, totalWithdrawn: 174.5 })),
    });
    const sum = await screen.findByTestId('balance-equation');
    expect(within(sum).getByText('Pending withdrawal').parentElement).toHaveTextContent('12.50');
    expect(screen.queryByText(/do not add up/)).toBeNull();
    const request = screen.getByRole('button', { name: 'Request Withdrawal' });
    expect(request).toBeDisabled();
    expect(request).toHaveAccessibleDescription(
      'A withdrawal is awaiting review. Wait for it, or cancel it to change it.',
    );
  });

  it('credits held for a UID review are counted, with their amount, and the sum holds', async () => {
    renderPage({
      [STATS]: () => okResponse(stats({ currentBalance: 100.5, heldBalance: 25 })),
    });
    const sum = await screen.findByTestId('balance-equation');
    expect(within(sum).getByText('Held for review').parentElement).toHaveTextContent('25.00');
    expect(screen.queryByText(/do not add up/)).toBeNull();
  });

  it('while earnings are locked: the same banner as the dashboard, and no withdrawal', async () => {
    renderPage({
      [STATS]: () =>
        okResponse(
          stats({
            currentBalance: 100.5,
            lockedBalance: 25,
            compliance: { ...stats().compliance, locked: true, reasons: ['COPYING_STOPPED'] },
          }),
        ),
    });
    const banner = await screen.findByRole('region', { name: 'Your earnings are locked' });
    expect(banner).toHaveTextContent('Copy trading has stopped on your BingX account.');
    expect(banner).toHaveTextContent('25.00 USDT');
    const request = screen.getByRole('button', { name: 'Request Withdrawal' });
    expect(request).toBeDisabled();
    expect(request).toHaveAccessibleDescription(
      'Withdrawals are paused while your earnings are locked.',
    );
    // Not "Available to withdraw" over a button that refuses: what is true, and why.
    expect(screen.getByTestId('balance-caption')).toHaveTextContent(
      'Locked until your account is compliant. Copy trading has stopped on your BingX account.',
    );
  });
});

describe('rewards page: cancelling a pending request', () => {
  it('asks once, cancels, reloads balance and history, and says the amount is back', async () => {
    const gate = deferred<Response>();
    const { user, api } = renderPage({
      [WITHDRAWALS]: () => withdrawals([withdrawal(1, { amount: 12.5 })]),
      'POST /api/withdrawals/w1/cancel': () => gate.promise,
    });
    const table = await screen.findByRole('table');
    await user.click(
      within(table).getByRole('button', { name: 'Cancel the request of 12.50 USDT' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal request?' });
    expect(dialog).toHaveTextContent(
      '12.50 USDT to 0x5290...9EE7 returns to your available balance',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    expect(within(dialog).getByRole('button', { name: 'Cancelling...' })).toBeDisabled();
    const statsBefore = api.calls(STATS).length;
    gate.resolve(
      okResponse(
        withdrawal(1, {
          amount: 12.5,
          status: 'CANCELLED',
          reason: 'Cancelled by the member',
          processedAt: '2025-03-04T11:00:00.000Z',
        }),
      ),
    );
    expect(await screen.findByText('Withdrawal request cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.calls(STATS).length).toBeGreaterThan(statsBefore));
    expect(api.calls(WITHDRAWALS).length).toBeGreaterThanOrEqual(2);
  });

  it('says why when the request was decided meanwhile, and keeps the dialog open', async () => {
    const { user } = renderPage({
      [WITHDRAWALS]: () => withdrawals([withdrawal(1)]),
      'POST /api/withdrawals/w1/cancel': () => failResponse(409, 'WITHDRAWAL_ALREADY_PROCESSED'),
    });
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: /Cancel the request/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This request was already decided, so it cannot be cancelled.',
    );
  });

  it('offers no cancel on a decided request, and shows no transaction for it', async () => {
    renderPage({
      [WITHDRAWALS]: () =>
        withdrawals([withdrawal(1, { status: 'CANCELLED', reason: 'Cancelled by the member' })]),
    });
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(within(table).getByText('CANCELLED')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).not.toHaveTextContent('Pending');
  });
});

describe('rewards page: withdrawal history', () => {
  it('lists amount, explorer links, asset, status, times and transaction', async () => {
    const { api } = renderPage({
      [WITHDRAWALS]: () =>
        withdrawals([
          withdrawal(1),
          withdrawal(2, {
            status: 'APPROVED',
            amount: 1250,
            processedAt: '2025-03-05T14:30:00.000Z',
            transactionHash: HASH,
          }),
          withdrawal(3, { status: 'REJECTED', reason: 'Wallet on a sanctions list' }),
          withdrawal(4, { status: 'BLOCKED_COMPLIANCE' }),
        ]),
    });
    const table = await screen.findByRole('table');
    expect(query(api.calls(WITHDRAWALS)[0]!)).toEqual({ page: '1', limit: '50' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Amount', 'Wallet Address', 'Asset', 'Status', 'Requested', 'Transaction']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('50.00');
    const address = within(rows[0]!).getByRole('link', { name: /0x5290\.\.\.9EE7/ });
    expect(address).toHaveAttribute('href', `https://testnet.bscscan.com/address/${ADDRESS}`);
    expect(rows[0]).toHaveTextContent('USDT');
    expect(within(rows[0]!).getByText('PENDING')).toHaveAttribute('data-status', 'PENDING');
    expect(rows[0]).toHaveTextContent(formatDateTime('2025-03-04T10:00:00.000Z'));
    expect(rows[0]).toHaveTextContent('Pending');

    expect(rows[1]).toHaveTextContent('1,250.00');
    expect(within(rows[1]!).getByText('APPROVED').className).toContain('bg-success-soft');
    expect(rows[1]).toHaveTextContent(`Processed ${formatDateTime('2025-03-05T14:30:00.000Z')}`);
    const tx = within(rows[1]!).getByRole('link', { name: /0x8f3a1c9e...9f1a/ });
    expect(tx).toHaveAttribute('href', `https://testnet.bscscan.com/tx/${HASH}`);
    expect(tx).toHaveAttribute('target', '_blank');

    expect(within(rows[2]!).getByText('REJECTED').className).toContain('bg-danger-soft');
    expect(rows[2]).toHaveTextContent('Wallet on a sanctions list');
    const blocked = within(rows[3]!).getByText('BLOCKED COMPLIANCE');
    expect(blocked.className).toContain('bg-purple-soft');
  });

  it("says 'No withdrawals yet', and a failed load offers Retry", async () => {
    const { user } = renderPage({ [WITHDRAWALS]: () => failResponse(500, null) });
    expect(await screen.findByText('Failed to load withdrawal history')).toBeInTheDocument();
    mockApi({ [WITHDRAWALS]: () => withdrawals([]) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No withdrawals yet')).toBeInTheDocument();
  });
});

describe('rewards page: rewards history', () => {
  it('lists user, type, amount with percent, level, cycle, date and the Locked marker', async () => {
    const { user, api } = renderPage({
      [REWARDS]: () =>
        rewardsPage([
          reward(1),
          reward(2, {
            type: 'DIRECT',
            downlineUser: undefined,
            cycle: null,
            level: 1,
            rewardAmount: 1,
            percent: 10,
            bucket: 'LOCKED',
          }),
          reward(3, {
            type: 'DIRECT',
            downlineUser: undefined,
            cycle: null,
            level: 2,
            payment: { payer: 'Alex M.', userId: 'CT1000777', paidAt: '2025-03-01T09:00:00.000Z' },
          }),
        ]),
    });
    await user.click(screen.getByRole('tab', { name: 'Rewards History' }));
    const table = await screen.findByRole('table');
    expect(query(api.calls(REWARDS)[0]!)).toEqual({ page: '1', limit: '10', sort: '-createdAt' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[0]!)).toEqual([
      'Grace Hopper1grace1@example.comCT101',
      'Trading',
      '0.30 USDT · 3% of 10.00 USDT',
      '2',
      '#7',
      formatDateTime('2025-03-04T10:00:00.000Z'),
      'Details',
    ]);
    expect(within(rows[0]!).getByText('Trading').className).toContain('bg-info-soft');
    expect(cells(rows[1]!).slice(0, 5)).toEqual([
      'Direct reward',
      'Referral',
      '1.00 USDT · 10% of 10.00 USDTLocked',
      '1',
      '—',
    ]);
    expect(within(rows[1]!).getByText('Referral').className).toContain('bg-success-soft');
    // A referral reward names its source: who paid, which payment.
    expect(cells(rows[2]!)[0]).toBe(
      `Alex M.Subscription payment of ${formatDate('2025-03-01T09:00:00.000Z')}CT1000777`,
    );
    expect(screen.getByRole('navigation', { name: 'Rewards history pages' })).toHaveTextContent(
      'Showing 1 to 3 of 3 rewards',
    );
  });

  it('on a phone, lists each reward as a card with its amount beside its source', async () => {
    viewportWidth(375);
    const { user } = renderPage({
      [REWARDS]: () =>
        rewardsPage([reward(1), reward(2, { downlineUser: undefined, bucket: 'LOCKED' })]),
    });
    await user.click(screen.getByRole('tab', { name: 'Rewards History' }));
    const list = await screen.findByRole('list', { name: 'Rewards history' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent(
      /^Grace Hopper1grace1@example\.comCT1010\.30 USDT3% of 10\.00 USDT/,
    );
    expect(cards[0]).toHaveTextContent('Level2');
    expect(cards[1]).toHaveTextContent(/^Direct reward0\.30 USDT3% of 10\.00 USDTLocked/);
    expect(within(cards[1]!).getByRole('button', { name: /^Details of the/ })).toBeInTheDocument();
  });

  it('opens a row for its details: what it was computed from, where it went and why', async () => {
    const { user } = renderPage({
      [REWARDS]: () =>
        rewardsPage([
          reward(1),
          reward(2, {
            type: 'DIRECT',
            downlineUser: undefined,
            cycle: null,
            level: 2,
            rewardAmount: 1,
            percent: 10,
            bucket: 'LOCKED',
            payment: { payer: 'Alex M.', userId: 'CT1000777', paidAt: '2025-03-01T09:00:00.000Z' },
          }),
        ]),
    });
    await user.click(screen.getByRole('tab', { name: 'Rewards History' }));
    const table = await screen.findByRole('table');
    await user.click(within(table).getAllByRole('button', { name: /^Details of the/ })[0]!);
    let dialog = await screen.findByRole('dialog', { name: 'Trading reward of 0.30 USDT' });
    expect(dialog).toHaveTextContent(
      '3% of 10.00 USDT: the commission BingX paid on the copy trading of Grace Hopper1 (level 2 of your network) in reward cycle #7.',
    );
    expect(within(dialog).getByRole('link', { name: 'Statement of cycle #7' })).toHaveAttribute(
      'href',
      '/rewards/cycles/7',
    );
    expect(dialog).toHaveTextContent('Went toAvailable balance');
    await user.keyboard('{Escape}');

    await user.click(
      within(table).getByRole('button', { name: /^Details of the 1\.00 USDT reward/ }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Referral reward of 1.00 USDT' });
    expect(dialog).toHaveTextContent(
      `10% of 10.00 USDT: the subscription fee Alex M. (level 2 of your network) paid on ${formatDate('2025-03-01T09:00:00.000Z')}.`,
    );
    expect(dialog).toHaveTextContent('Went toLocked balance');
    expect(dialog).toHaveTextContent('released to your available balance when you are compliant');
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('exports the lines under the current filters as CSV', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, api } = renderPage({
      [REWARDS]: () => rewardsPage([reward(1)]),
      'GET /api/rewards/user/export': () =>
        new Response('Date\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="my-rewards-2026-11-26.csv"',
          },
        }),
    });
    await user.click(screen.getByRole('tab', { name: 'Rewards History' }));
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Type'), 'DOWNLINE');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.calls('GET /api/rewards/user/export')).toHaveLength(1));
    expect(
      Object.fromEntries(api.calls('GET /api/rewards/user/export')[0]!.url.searchParams),
    ).toEqual({ type: 'DOWNLINE', sort: '-createdAt' });
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
  });

  it('sends the filters, starts again at page 1, and paginates with first/last and gaps', async () => {
    const pages = new Map<string, ReturnType<typeof deferred<Response>>>();
    const { user, api } = renderPage({
      [REWARDS]: (request) => {
        const page = Number(request.url.searchParams.get('page'));
        const answer = () =>
          rewardsPage(
            Array.from({ length: 10 }, (_, i) => reward((page - 1) * 10 + i + 1)),
            {
              currentPage: page,
              totalPages: 10,
              totalRecords: 95,
              hasNext: page < 10,
              hasPrev: page > 1,
            },
          );
        const gate = pages.get(request.url.search);
        return gate ? gate.promise.then(answer) : answer();
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Rewards History' }));
    const nav = await screen.findByRole('navigation', { name: 'Rewards history pages' });
    expect(nav).toHaveTextContent('Showing 1 to 10 of 95 rewards');
    const items = () =>
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace('More pages', ''));
    expect(items()).toEqual(['1', '2', '3', '4', '5', '…', '10']);
    expect(within(nav).getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    // The previous page stays on screen while the next one loads.
    const gate = deferred<Response>();
    pages.set('?page=5&limit=10&sort=-createdAt', gate);
    await user.click(within(nav).getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(nav.parentElement).toHaveAttribute('aria-busy', 'true'));
    expect(within(screen.getByRole('table')).getByText('Grace Hopper1')).toBeInTheDocument();
    expect(nav).toHaveTextContent('Showing 1 to 10 of 95 rewards');
    gate.resolve(new Response());
    await waitFor(() => expect(nav).toHaveTextContent('Showing 41 to 50 of 95 rewards'));
    expect(items()).toEqual(['1', '…', '4', '5', '6', '…', '10']);
    expect(within(nav).getByRole('button', { name: 'Page 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(nav).getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(nav).toHaveTextContent('Showing 91 to 95 of 95 rewards'));
    expect(within(nav).getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(nav).toHaveTextContent('Showing 1 to 10 of 95 rewards'));
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(nav).toHaveTextContent('Showing 11 to 20 of 95 rewards'));

    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options('Type')).toEqual(['All Types', 'Referral Rewards', 'Trading Rewards']);
    expect(options('Level')).toEqual([
      'All Levels',
      ...Array.from({ length: 15 }, (_, i) => `Level ${i + 1}`),
    ]);
    expect(options('Sort')).toEqual([
      'Newest First',
      'Oldest First',
      'Highest Amount',
      'Lowest Amount',
    ]);
    expect(options('Page size')).toEqual([
      '10 per page',
      '25 per page',
      '50 per page',
      '100 per page',
    ]);

    const last = () => query(api.calls(REWARDS).at(-1)!);
    await user.selectOptions(screen.getByLabelText('Type'), 'Referral Rewards');
    await waitFor(() =>
      expect(last()).toEqual({ page: '1', limit: '10', type: 'DIRECT', sort: '-createdAt' }),
    );
    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(last().page).toBe('3'));
    await user.selectOptions(screen.getByLabelText('Level'), 'Level 4');
    await waitFor(() =>
      expect(last()).toEqual({
        page: '1',
        limit: '10',
        type: 'DIRECT',
        level: '4',
        sort: '-createdAt',
      }),
    );
    await user.selectOptions(screen.getByLabelText('Sort'), 'Highest Amount');
    await waitFor(() => expect(last().sort).toBe('-rewardAmount'));
    await user.selectOptions(screen.getByLabelText('Page size'), '50 per page');
    await user.selectOptions(screen.getByLabelText('Type'), 'All Types');
    await user.selectOptions(screen.getByLabelText('Level'), 'All Levels');
    await waitFor(() => expect(last()).toEqual({ page: '1', limit: '50', sort: '-rewardAmount' }));
  });

  it("says 'No rewards yet', and a failed load offers Retry", async () => {
    const { user } = renderPage({ [REWARDS]: () => failResponse(500, null) });
    await user.click(screen.getByRole('tab', { name: 'Rewards History' }));
    expect(await screen.findByText('Failed to load rewards history')).toBeInTheDocument();
    mockApi({ [REWARDS]: () => rewardsPage([]) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No rewards yet')).toBeInTheDocument();
  });

  it('keeps the filters when switching tabs', async () => {
    const { user, api } = renderPage({});
    await user.click(screen.getByRole('tab', { name: 'Rewards History' }));
    await user.selectOptions(await screen.findByLabelText('Type'), 'Trading Rewards');
    await user.click(screen.getByRole('tab', { name: 'Withdrawal History' }));
    await user.click(screen.getByRole('tab', { name: 'Rewards History' }));
    expect(screen.getByLabelText('Type')).toHaveValue('DOWNLINE');
    expect(query(api.calls(REWARDS).at(-1)!).type).toBe('DOWNLINE');
  });
});
