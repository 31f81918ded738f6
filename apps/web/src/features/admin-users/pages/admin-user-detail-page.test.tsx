import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makePayment } from '@/testing/fixtures';
import { renderRoutes, Stub } from '@/testing/render';
import { makeDetail } from '../testing-fixtures';
import { AdminUserDetailPage } from './admin-user-detail-page';

const ID = '00000000-0000-4000-8000-000000000001';

function renderPage(at = `/admin/users/${ID}`) {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      { path: '/admin/users', element: <Stub name="Users" /> },
      { path: '/admin/users/:id', element: <AdminUserDetailPage /> },
    ],
    { at },
  );
}

describe('admin user detail page', () => {
  it("shows that the relay refuses the member's address, with its answer and when", async () => {
    mockApi({
      [`GET /api/users/admin/${ID}`]: () =>
        okResponse(
          makeDetail({
            emailUndeliverable: {
              since: '2026-11-28T10:15:00.000Z',
              answer: '550 5.1.1 <grace@example.com>: Recipient address rejected',
            },
          }),
        ),
    });
    renderPage();
    const notice = await screen.findByText('Mail to this address is refused');
    const box = notice.closest('[role="status"]')!;
    expect(box).toHaveTextContent('The mail relay refused mail to grace@example.com for good on');
    expect(box).toHaveTextContent(
      'Its answer: "550 5.1.1 <grace@example.com>: Recipient address rejected"',
    );
  });

  it('shows no such notice for an address the relay takes', async () => {
    mockApi({ [`GET /api/users/admin/${ID}`]: () => okResponse(makeDetail()) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
    expect(screen.queryByText('Mail to this address is refused')).not.toBeInTheDocument();
  });

  it('adds up while a withdrawal is pending and credits are held, and links to their records', async () => {
    mockApi({
      [`GET /api/users/admin/${ID}`]: () =>
        okResponse(
          makeDetail({
            balance: 150,
            buckets: { locked: 900, held: 34.25, pending: 50, forfeited: 50 },
          }),
        ),
      [`GET /api/admin/uid-reviews/${ID}`]: () => okResponse({ review: null }),
    });
    renderPage();
    const sum = await screen.findByTestId('balance-equation');
    expect(within(sum).getByText('Pending withdrawal').parentElement).toHaveTextContent('50.00');
    expect(within(sum).getByText('Held for review').parentElement).toHaveTextContent('34.25');
    expect(screen.queryByText(/do not add up/)).toBeNull();
    const records = screen.getByRole('navigation', { name: "The member's records" });
    expect(within(records).getByRole('link', { name: 'Their withdrawals' })).toHaveAttribute(
      'href',
      '/admin/withdrawals?search=grace%40example.com',
    );
    expect(within(records).getByRole('link', { name: 'Their cycle lines' })).toHaveAttribute(
      'href',
      '/admin/rewards?type=DOWNLINE&search=grace%40example.com',
    );
  });

  it('shows a flagged UID link with its reasons in words, the invitation code and its actions', async () => {
    mockApi({
      [`GET /api/users/admin/${ID}`]: () => okResponse(makeDetail({ bingXUID: '12345678' })),
      [`GET /api/admin/uid-reviews/${ID}`]: () =>
        okResponse({
          review: {
            userId: ID,
            uid: '12345678',
            status: 'FLAGGED',
            reasons: ['UID_OLDER_THAN_MEMBER', 'SHARED_SIGN_IN_ADDRESS'],
            invitationCode: 'AGENT42',
            flaggedAt: '2026-11-20T10:00:00.000Z',
            decidedAt: null,
            heldAmount: 7.5,
            heldRecipients: 1,
          },
        }),
    });
    renderPage();
    const flag = await screen.findByRole('region', { name: 'UID link flagged for review' });
    expect(flag).toHaveTextContent('Flagged for review: UID 12345678');
    const reasons = within(flag).getByRole('list', { name: 'Why it was flagged' });
    expect(reasons).toHaveTextContent(
      'The UID registered at BingX before the member registered here',
    );
    expect(reasons).toHaveTextContent('The member signs in from an address another member uses');
    expect(reasons).not.toHaveTextContent('UID_OLDER_THAN_MEMBER');
    expect(flag).toHaveTextContent('BingX names invitation code AGENT42 for its inviter.');
    expect(flag).toHaveTextContent('holds 7.50 USDT for 1 upline(s)');
    expect(within(flag).getByRole('button', { name: 'Clear the flag…' })).toBeVisible();
    expect(within(flag).getByRole('button', { name: 'Reject the link…' })).toBeVisible();
  });

  it('says Invalid user ID for an unusable id and makes no call', async () => {
    const api = mockApi({});
    renderPage('/admin/users/not%20valid!');
    expect(await screen.findByText('Invalid user ID')).toBeInTheDocument();
    // Only the session's own profile check goes out: nothing asks for the unusable id.
    expect(api.requests.filter((r) => r.path !== '/api/users/profile')).toEqual([]);
  });

  it('shows the loading text, the summary cards, overview and subscription payments', async () => {
    const payment = makePayment();
    const api = mockApi({
      [`GET /api/users/admin/${ID}`]: () =>
        okResponse(
          makeDetail({
            referredBy: {
              _id: '00000000-0000-4000-8000-000000000009',
              firstName: 'Ada',
              lastName: 'Lovelace',
              userId: 'CT1000009',
            },
            subscriptionFee: { hasPaid: true, amount: 10, timestamp: '2025-01-05T10:00:00.000Z' },
            subscriptionPayments: [payment],
            // A mainnet deployment: the links follow the server's explorer, not a fixed one.
            explorerUrl: 'https://bscscan.com',
          }),
        ),
    });
    const { user, router } = renderPage();
    expect(screen.getByText('Loading user details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
    const query = Object.fromEntries(api.requests[0]!.url.searchParams);
    expect(query).toMatchObject({
      includeRewards: 'true',
      rewardsLimit: '10',
      withdrawalsPage: '1',
    });

    const summary = screen.getByRole('region', { name: 'User Summary' });
    for (const [label, value] of [
      ['Total Rewards', '$1,234.50'],
      ['Balance', '$200.00'],
      ['Total Withdrawn', '$50.25'],
      ['Referrals', '7'],
    ] as const) {
      expect(within(summary).getByText(label).nextSibling).toHaveTextContent(value);
    }
    expect(screen.getByText('Basic Information')).toBeInTheDocument();
    expect(screen.getByText('Referral Information')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(screen.getByText('Not linked')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    const payments = screen.getByRole('region', { name: 'Subscription payments' });
    const link = within(payments).getByRole('link');
    expect(link).toHaveAttribute('href', `https://bscscan.com/tx/${payment.transactionHash}`);
    expect(link).toHaveTextContent(
      `${payment.transactionHash.slice(0, 10)}...${payment.transactionHash.slice(-8)}`,
    );
    expect(payments).toHaveTextContent('Jan 5, 2025');
    expect(payments).toHaveTextContent('$10.00');

    await user.click(screen.getByRole('link', { name: 'Back to Users' }));
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('hides Referral Information when not referred, and shows the tabs with their empty texts', async () => {
    mockApi({ [`GET /api/users/admin/${ID}`]: () => okResponse(makeDetail()) });
    const { user } = renderPage();
    await screen.findByText('Basic Information');
    expect(screen.queryByText('Referral Information')).toBeNull();
    expect(screen.getByText('Unpaid')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Rewards (0)' }));
    expect(await screen.findByText('No rewards found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 rewards')).toBeInTheDocument();
    expect(screen.getByText('Total Amount')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'All Types' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Withdrawals (0)' }));
    expect(await screen.findByText('No withdrawals found')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'BLOCKED COMPLIANCE' })).toBeInTheDocument();
    expect(screen.getByText('Total Requested')).toBeInTheDocument();
  });

  it('shows the rewards of the page, and asks the server for the type chosen from page 1', async () => {
    const reward = (type: string, n: number) => ({
      _id: `r${n}`,
      type,
      level: n,
      rewardAmount: 1.5,
      percent: 10,
      masterAmount: 15,
      cycle: type === 'DIRECT' ? null : 3,
      createdAt: '2025-03-01T10:00:00.000Z',
      downlineUser: type === 'DOWNLINE' ? { firstName: 'Bob', lastName: 'Smith' } : undefined,
    });
    const api = mockApi({
      [`GET /api/users/admin/${ID}`]: (request) => {
        const type = request.url.searchParams.get('rewardType');
        const detail = makeDetail();
        detail.rewards.data = [reward('DIRECT', 1), reward('DOWNLINE', 2)].filter(
          (r) => !type || r.type === type,
        );
        detail.rewards.statistics = {
          total: 2,
          totalRewardAmount: 3,
          directRewardsCount: 1,
          downlineRewardsCount: 1,
        };
        return okResponse(detail);
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Rewards (2)' }));
    const table = await screen.findByRole('region', { name: 'User rewards' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table).toHaveTextContent('From: Bob Smith');
    const [, direct, downline] = within(table).getAllByRole('row');
    expect(downline).toHaveTextContent('#3');
    expect(direct).toHaveTextContent('—');
    expect(direct).not.toHaveTextContent('#');
    expect(api.requests[0]!.url.searchParams.has('rewardType')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Type'), 'DOWNLINE');
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'User rewards' })).getAllByRole('row'),
      ).toHaveLength(2),
    );
    const asked = api.requests.at(-1)!.url.searchParams;
    expect(asked.get('rewardType')).toBe('DOWNLINE');
    expect(asked.get('rewardsPage')).toBe('1');
  });

  it('asks the server for the withdrawal status chosen', async () => {
    const api = mockApi({ [`GET /api/users/admin/${ID}`]: () => okResponse(makeDetail()) });
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Withdrawals (0)' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'PENDING');
    // The page also asks whether the owner froze the account: the detail's own calls count.
    const lastDetail = () =>
      api.requests.filter((r) => r.path === `/api/users/admin/${ID}`).at(-1)!;
    await vi.waitFor(() =>
      expect(lastDetail().url.searchParams.get('withdrawalStatus')).toBe('PENDING'),
    );
    expect(lastDetail().url.searchParams.get('withdrawalsPage')).toBe('1');
    expect(screen.getByLabelText('Status')).toHaveValue('PENDING');
  });

  it('shows the error banner', async () => {
    mockApi({ [`GET /api/users/admin/${ID}`]: () => failResponse(404, 'USER_NOT_FOUND') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
  });
});
