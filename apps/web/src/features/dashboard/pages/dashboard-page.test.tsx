import type { User } from '@ctn/contracts/accounts';
import type { RewardStats } from '@ctn/contracts/rewards';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/format';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { DEPOSIT_ADDRESS, makeRewardStats, makeSubscription, makeUser } from '@/testing/fixtures';
import { renderRoutes, Stub } from '@/testing/render';
import { SignedIn } from '@/testing/signed-in';
import { DashboardPage } from './dashboard-page';

const STATS = 'GET /api/rewards/stats/CT1000234';

/** The dashboard's figures: 1,234.50 available + 765.50 withdrawn = 2,000 earned. */
const makeStats = (overrides: Partial<RewardStats> = {}): RewardStats =>
  makeRewardStats({
    currentBalance: 1234.5,
    totalRewards: 2000,
    totalWithdrawn: 765.5,
    rewardBreakdown: { directRewards: 30, downlineRewards: 1970, calculatedTotal: 2000 },
    ...overrides,
  });

function renderDashboard(routes: Parameters<typeof mockApi>[0], user: User = makeUser()) {
  localStorage.setItem('token', 'tok');
  const api = mockApi({ 'GET /api/users/profile': () => okResponse(user), ...routes });
  const rendered = renderRoutes(
    [
      { element: <SignedIn />, children: [{ path: '/dashboard', element: <DashboardPage /> }] },
      { path: '/signin', element: <Stub name="Sign in" /> },
    ],
    { at: '/dashboard' },
  );
  return { ...rendered, api };
}

/** The figure of a money card, found by its label. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

afterEach(() => vi.useRealTimers());

describe('dashboard', () => {
  it("greets a new member with 'Welcome': the sign-in said it was the account's first", async () => {
    sessionStorage.setItem('firstSignIn', '1');
    renderDashboard({ [STATS]: () => okResponse(makeStats()) });
    expect(await screen.findByText(/Welcome,/)).toHaveTextContent('Welcome, Ada!');
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    sessionStorage.removeItem('firstSignIn');
  });

  it('greets the member and shows subscription, balances and income once loaded', async () => {
    const gate = deferred<RewardStats>();
    const { api } = renderDashboard({ [STATS]: () => gate.promise.then((d) => okResponse(d)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByText(/Welcome back,/)).toHaveTextContent('Welcome back, Ada!');
    expect(screen.getByText('CT1000234')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-email')).toHaveTextContent('ada@example.com');
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByText(/Email verification required/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();

    const subscription = screen.getByRole('region', { name: 'Subscription' });
    expect(subscription).toHaveTextContent('Active');
    expect(subscription).toHaveTextContent(
      `Activated on ${formatDate('2025-01-05T10:00:00.000Z')}`,
    );

    // Skeletons, not figures, while the stats load.
    expect(figure('Available Balance')).not.toHaveTextContent('USDT');

    gate.resolve(makeStats());
    await waitFor(() => expect(figure('Available Balance')).toHaveTextContent('1,234.50 USDT'));
    expect(figure('Available Balance')).toHaveTextContent('Ready to withdraw');
    expect(figure('Total Earned')).toHaveTextContent('2,000.00 USDT');
    expect(figure('Total Earned')).toHaveTextContent('Lifetime earnings');
    expect(figure('Total Withdrawn')).toHaveTextContent('765.50 USDT');
    expect(figure('Total Withdrawn')).toHaveTextContent('Successfully withdrawn');
    expect(figure('Total Income')).toHaveTextContent('2,000.00 USDT');
    expect(figure('Direct Referrals')).toHaveTextContent('30.00 USDT');
    expect(figure('Direct Referrals')).toHaveTextContent('From your referrals');
    expect(figure('Downline Income')).toHaveTextContent('1,970.00 USDT');
    expect(figure('Downline Income')).toHaveTextContent('From team earnings');
    expect(api.calls(STATS)[0]!.url.search).toBe('');
    expect(screen.queryByRole('region', { name: 'Your earnings are locked' })).toBeNull();
  });

  it('shows Pending Payment while the subscription is unpaid', async () => {
    renderDashboard(
      { [STATS]: () => okResponse(makeStats()) },
      makeUser({ subscriptionFee: { paid: false, timestamp: null } }),
    );
    const subscription = await screen.findByRole('region', { name: 'Subscription' });
    expect(subscription).toHaveTextContent('Pending Payment');
    expect(subscription).not.toHaveTextContent('Active');
  });

  it('warns an unverified member and resends the verification email', async () => {
    const gate = deferred<Response>();
    const { user, api } = renderDashboard(
      {
        [STATS]: () => okResponse(makeStats()),
        'POST /api/users/resend-verification-email': () => gate.promise,
      },
      makeUser({ isEmailVerified: false }),
    );
    const notice = await screen.findByRole('region', { name: 'Email verification' });
    expect(screen.getByText('Unverified')).toBeInTheDocument();
    expect(within(notice).getByText(/Email verification required/).parentElement).toHaveTextContent(
      'Email verification required - Please verify your email address to unlock all platform features.',
    );
    await user.click(within(notice).getByRole('button', { name: 'Resend verification' }));
    expect(within(notice).getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(api.calls('POST /api/users/resend-verification-email')[0]!.body).toEqual({
      email: 'ada@example.com',
    });
    gate.resolve(okResponse(null, 'VERIFICATION_EMAIL_SENT'));
    expect(
      await within(notice).findByText(
        'Verification email sent successfully! Please check your inbox.',
      ),
    ).toBeInTheDocument();

    mockApi({
      'POST /api/users/resend-verification-email': () => failResponse(500, null),
    });
    await user.click(within(notice).getByRole('button', { name: 'Resend verification' }));
    expect(await within(notice).findByRole('alert')).toHaveTextContent(
      'Failed to send verification email',
    );
  });

  it('shows the load error above the balance cards with unknown figures, never 0.00, and Retry loads again', async () => {
    const { user } = renderDashboard({ [STATS]: () => failResponse(500, null) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load reward statistics');
    expect(figure('Available Balance')).toHaveTextContent('—');
    expect(figure('Available Balance')).not.toHaveTextContent('0.00');
    expect(figure('Available Balance')).not.toHaveTextContent('Ready to withdraw');
    expect(figure('Downline Income')).toHaveTextContent('—');
    expect(screen.queryByTestId('balance-equation')).toBeNull();
    // The error sits above the cards.
    expect(
      alert.compareDocumentPosition(screen.getByText('Available Balance', { selector: 'dt' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    const api = mockApi({ [STATS]: () => okResponse(makeStats()) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(figure('Available Balance')).toHaveTextContent('1,234.50 USDT'));
    expect(screen.queryByText('Failed to load reward statistics')).toBeNull();
    expect(api.calls(STATS)).toHaveLength(1);
  });

  it("uses the server's message when it gives one, and Refresh asks again", async () => {
    const { user } = renderDashboard({ [STATS]: () => okResponse(makeStats()) });
    await waitFor(() => expect(figure('Total Earned')).toHaveTextContent('2,000.00 USDT'));
    const api = mockApi({ [STATS]: () => failResponse(500, 'INTERNAL_SERVER_ERROR') });
    await user.click(screen.getByRole('button', { name: 'Refresh balance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error, try later.');
    // The last figures stay on screen.
    expect(figure('Total Earned')).toHaveTextContent('2,000.00 USDT');
    expect(api.calls(STATS)).toHaveLength(1);
  });

  it('shares the link built on the public URL: Telegram, WhatsApp and a QR poster', async () => {
    const link = 'https://copytrade.example/ref/AB3CD7EF';
    const { user } = renderDashboard(
      { [STATS]: () => okResponse(makeStats()) },
      makeUser({ referralLink: link }),
    );
    const card = await screen.findByRole('region', { name: 'Referral Code' });
    expect(card).toHaveTextContent(link);
    const share = within(card).getByRole('group', { name: 'Share your link' });
    expect(
      within(share)
        .getByRole('link', { name: /Telegram/ })
        .getAttribute('href'),
    ).toBe(
      `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent('Join me on CopyTrade Network: copy a master trader on BingX and earn from your network.')}`,
    );
    expect(
      within(share)
        .getByRole('link', { name: /WhatsApp/ })
        .getAttribute('href'),
    ).toContain(encodeURIComponent(link));
    await user.click(within(share).getByRole('button', { name: 'QR poster' }));
    const poster = await screen.findByRole('dialog', { name: 'Your referral poster' });
    expect(poster).toHaveTextContent('Invited by Ada L.');
    expect(poster).toHaveTextContent('AB3CD7EF');
    expect(poster).toHaveTextContent(link);
  });

  it("copies the referral link and says 'Copied to clipboard!' for 5 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderDashboard({ [STATS]: () => okResponse(makeStats()) });
    await user.click(await screen.findByRole('button', { name: 'Copy referral link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/ref/AB3CD7EF`);
    expect(screen.getByRole('button', { name: 'Copied to clipboard!' })).toBeInTheDocument();
    vi.advanceTimersByTime(4_900);
    expect(screen.getByText('Copied to clipboard!')).toBeInTheDocument();
    vi.advanceTimersByTime(200);
    await waitFor(() => expect(screen.queryByText('Copied to clipboard!')).toBeNull());
    expect(screen.getByRole('button', { name: 'Copy referral link' })).toBeInTheDocument();
  });

  it('explains locked earnings: reasons, locked balance, since when, days left, forfeited', async () => {
    renderDashboard({
      [STATS]: () =>
        okResponse(
          makeStats({
            lockedBalance: 42.5,
            forfeited: 12.25,
            compliance: {
              locked: true,
              reasons: ['LOW_BALANCE', 'SUBSCRIPTION_LAPSED'],
              lockedSince: '2025-03-01T12:00:00.000Z',
              forfeitsAt: '2025-03-31T12:00:00.000Z',
              daysLeft: 12,
              checkedAt: '2025-03-19T12:00:00.000Z',
            },
          }),
        ),
    });
    const banner = await screen.findByRole('region', { name: 'Your earnings are locked' });
    expect(banner).toHaveTextContent('Your BingX balance is below 100 USDT.');
    expect(banner).toHaveTextContent('Your subscription is not active.');
    expect(banner).toHaveTextContent('42.50 USDT');
    expect(banner).toHaveTextContent(`Locked since ${formatDate('2025-03-01T12:00:00.000Z')}`);
    expect(banner).toHaveTextContent('12 days left before locked earnings are forfeited');
    expect(banner).toHaveTextContent(formatDate('2025-03-31T12:00:00.000Z'));
    expect(banner).toHaveTextContent('Forfeited so far12.25 USDT');
  });

  it('shows a pending withdrawal: every bucket adds up to what was earned', async () => {
    renderDashboard({
      [STATS]: () =>
        okResponse(
          makeStats({
            currentBalance: 27.5,
            pendingWithdrawals: 12.5,
            lockedBalance: 5,
            totalWithdrawn: 55,
            totalRewards: 100,
          }),
        ),
    });
    const sum = await screen.findByTestId('balance-equation');
    const term = (label: string) => within(sum).getByText(label, { selector: 'dt' }).nextSibling;
    expect(term('Available')).toHaveTextContent('27.50');
    expect(term('Pending withdrawal')).toHaveTextContent('12.50Held while it is reviewed');
    expect(term('Locked')).toHaveTextContent('5.00');
    expect(term('Withdrawn')).toHaveTextContent('55.00');
    expect(term('Total earned')).toHaveTextContent('100.00');
    expect(within(sum).queryByText('Forfeited', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText(/do not add up/)).toBeNull();
    // One request at a time: the available balance is not "ready" while one is in review.
    expect(figure('Available Balance')).toHaveTextContent('One request in review');
  });

  it('says so when the figures do not add up, and that a lock pauses withdrawals', async () => {
    renderDashboard({
      [STATS]: () =>
        okResponse(
          makeStats({
            totalRewards: 2100,
            compliance: { ...makeStats().compliance, locked: true, reasons: ['LOW_BALANCE'] },
          }),
        ),
    });
    expect(await screen.findByText(/These figures do not add up/)).toBeInTheDocument();
    expect(figure('Available Balance')).toHaveTextContent('Withdrawals paused');
  });

  it('says until when the subscription is paid and offers Renew with the deposit address', async () => {
    const paidUntil = new Date(Date.now() + 9.5 * 86_400_000).toISOString();
    const { user } = renderDashboard({
      [STATS]: () =>
        okResponse(
          makeStats({
            subscription: { paidUntil, feeUsdt: 10 },
            compliance: {
              ...makeStats().compliance,
              checkedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
            },
          }),
        ),
      // Paid up: nothing is due now, so a renewal is one fee less the credit kept toward it.
      'GET /api/users/refresh-subscription': () =>
        okResponse(makeSubscription({ amountDueUsdt: 0, feeUsdt: 10, creditUsdt: 2.5 })),
    });
    const card = await screen.findByRole('region', { name: 'Subscription' });
    await waitFor(() =>
      expect(within(card).getByTestId('paid-until')).toHaveTextContent(
        `Paid until ${formatDate(paidUntil)} · 10 days left`,
      ),
    );
    expect(screen.getByTestId('compliance-chip')).toHaveTextContent('Compliant · checked 2 h ago');
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/rewards');
    expect(screen.getByRole('link', { name: 'Invite' })).toHaveAttribute('href', '/referrals');
    await user.click(within(card).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew your subscription' });
    expect(await within(dialog).findByText(DEPOSIT_ADDRESS)).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Send 7.50 USDT to add 30 days (2.50 USDT already credited toward it)',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Copy deposit address' }),
    ).toBeInTheDocument();
  });

  it('says a lapsed subscription expired', async () => {
    const paidUntil = new Date(Date.now() - 86_400_000).toISOString();
    renderDashboard({
      [STATS]: () => okResponse(makeStats({ subscription: { paidUntil, feeUsdt: 10 } })),
    });
    const card = await screen.findByRole('region', { name: 'Subscription' });
    await waitFor(() =>
      expect(within(card).getByTestId('paid-until')).toHaveTextContent(
        `Expired on ${formatDate(paidUntil)}`,
      ),
    );
    expect(within(card).getByText('Expired')).toBeInTheDocument();
  });

  it('shows the running total by default, and per day on request, on round axis ticks', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const earlier = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const { user } = renderDashboard({
      [STATS]: () =>
        okResponse(
          makeStats({
            earningsOverTime: [
              { date: earlier, direct: 10, downline: 6.33 },
              { date: today, direct: 12, downline: 4.33 },
            ],
          }),
        ),
    });
    const chart = await screen.findByRole('img', { name: /^Earnings over the last 90 days/ });
    const region = screen.getByRole('region', { name: 'Earnings Over Time' });
    // Running total: 6 days from the first credit, each a bar; the top is 40 (32.66 rounded up).
    expect(chart.querySelectorAll('g')).toHaveLength(6);
    expect(region).toHaveTextContent('40');
    expect(region).toHaveTextContent('Earned so far, day by day');
    await user.click(within(region).getByRole('button', { name: 'Per day' }));
    expect(within(region).getByRole('button', { name: 'Per day' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('img', { name: /^Earnings/ }).querySelectorAll('g')).toHaveLength(2);
    expect(region).toHaveTextContent('Rewards credited per day');
    expect(region).toHaveTextContent('20');
  });

  it('charts earnings per day with a legend and a table for screen readers', async () => {
    const today = new Date().toISOString().slice(0, 10);
    renderDashboard({
      [STATS]: () =>
        okResponse(makeStats({ earningsOverTime: [{ date: today, direct: 3, downline: 1.5 }] })),
    });
    const chart = await screen.findByRole('img', { name: /^Earnings over the last 90 days/ });
    expect(chart).toHaveAccessibleName(
      'Earnings over the last 90 days: 4.50 USDT in total, 3.00 USDT from direct referrals and 1.50 USDT from downline, on 1 day. Best day: 4.50 USDT.',
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Direct referrals', { selector: 'li' })).toBeInTheDocument();
    expect(screen.queryByText('No earnings yet')).toBeNull();
  });

  it("says 'No earnings yet' when there are no points", async () => {
    renderDashboard({ [STATS]: () => okResponse(makeStats()) });
    expect(await screen.findByText('No earnings yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("says 'User not found' without asking when the profile has no user ID", async () => {
    const { api } = renderDashboard({}, makeUser({ userId: '' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
    expect(api.requests.filter((r) => r.path.startsWith('/api/rewards'))).toHaveLength(0);
  });

  it('signs out to /signin', async () => {
    const { user } = renderDashboard({ [STATS]: () => okResponse(makeStats()) });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
