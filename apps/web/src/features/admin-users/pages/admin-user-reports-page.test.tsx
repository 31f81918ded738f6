import type { UserReport, UserReportDetail, UserReportsResponse } from '@ctn/contracts/reports';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { failResponse, mockApi, okResponse, type MockRequest } from '@/testing/api-mock';
import { renderRoutes, Stub } from '@/testing/render';
import { AdminUserReportsPage } from './admin-user-reports-page';

const LIST = 'GET /api/users/admin/reports';

function makeReport(n: number, overrides: Partial<UserReport> = {}): UserReport {
  return {
    _id: `u${n}`,
    userId: `CT10000${n}`,
    name: `Ada Lovelace${n}`,
    email: `ada${n}@example.com`,
    status: 'ACTIVE',
    joinedAt: '2025-03-01T10:00:00.000Z',
    financial: {
      balance: 12.5,
      locked: 0,
      held: 0,
      pending: 1,
      totalEarned: 40,
      totalWithdrawn: 26.5,
      forfeited: 0,
      subscriptionPayments: 2,
      subscriptionPaid: 20,
    },
    referrals: { direct: 3, network: 17, activeNetwork: 15 },
    trading: { cycles: 2, commission: 5, volume: 1500.25, cyclesWithVolume: 1 },
    activity: {
      lastLogin: '2025-03-05T09:30:00.000Z',
      loginsLast30Days: 7,
      withdrawals: 2,
      rewardCredits: 9,
      lastActivityAt: '2025-03-06T09:30:00.000Z',
    },
    ...overrides,
  };
}

function answer(reports: UserReport[], totalRecords = reports.length): UserReportsResponse {
  const totalPages = Math.ceil(totalRecords / 10);
  return {
    reports,
    pagination: {
      currentPage: 1,
      totalPages,
      totalRecords,
      limit: 10,
      hasNext: totalPages > 1,
      hasPrev: false,
    },
  };
}

function detailOf(report: UserReport): UserReportDetail {
  return {
    ...report,
    timeline: [
      {
        type: 'REWARD_CLAIM',
        at: '2025-03-06T09:30:00.000Z',
        summary: 'Referral reward',
        amount: 2,
      },
      {
        type: 'WITHDRAWAL',
        at: '2025-03-05T12:00:00.000Z',
        summary: 'Withdrawal request APPROVED',
        amount: 26.5,
      },
      { type: 'LOGIN', at: '2025-03-05T09:30:00.000Z', summary: 'Signed in from 10.0.0.1' },
      { type: 'REFERRAL', at: '2025-03-04T09:30:00.000Z', summary: 'Grace Hopper joined' },
      {
        type: 'SUBSCRIPTION',
        at: '2025-03-02T09:30:00.000Z',
        summary: 'Subscription payment received',
        amount: 10,
      },
    ],
  };
}

function renderPage() {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      { path: '/admin/user-reports', element: <AdminUserReportsPage /> },
      { path: '/admin/users/:id', element: <Stub name="User detail" /> },
    ],
    { at: '/admin/user-reports' },
  );
}

const query = (request: MockRequest) => Object.fromEntries(request.url.searchParams);

describe('admin user reports page', () => {
  it('lists members with their counters', async () => {
    const api = mockApi({ [LIST]: () => okResponse(answer([makeReport(1)], 11)) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading reports...');
    const table = await screen.findByRole('table');
    expect(query(api.calls(LIST)[0]!)).toEqual({ page: '1', limit: '10', sort: '-createdAt' });
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of [
      'Ada Lovelace1',
      'ada1@example.com',
      'CT100001',
      'ACTIVE',
      '$12.50',
      '$40.00',
      '$26.50',
      '3 / 17',
      formatDateTime('2025-03-05T09:30:00.000Z'),
      '7 logins in 30 days',
    ])
      expect(row).toHaveTextContent(text);
    expect(within(row).getByText('ACTIVE')).toHaveAttribute('data-status', 'ACTIVE');
    expect(screen.getByText('11 members')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('sends the status filter and the debounced search, back at page 1', async () => {
    const api = mockApi({ [LIST]: () => okResponse(answer([makeReport(1)], 25)) });
    const { user } = renderPage();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(query(api.calls(LIST).at(-1)!)).toMatchObject({ page: '2' }));

    await user.selectOptions(screen.getByLabelText('Status'), 'LOCKED');
    await waitFor(() =>
      expect(query(api.calls(LIST).at(-1)!)).toEqual({
        page: '1',
        limit: '10',
        status: 'LOCKED',
        sort: '-createdAt',
      }),
    );
    const before = api.calls(LIST).length;
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'grace');
    await waitFor(() =>
      expect(query(api.calls(LIST).at(-1)!)).toEqual({
        page: '1',
        limit: '10',
        search: 'grace',
        status: 'LOCKED',
        sort: '-createdAt',
      }),
    );
    // One call for the whole typed word, not one per key.
    expect(api.calls(LIST).length).toBe(before + 1);

    await user.selectOptions(screen.getByLabelText('Status'), '');
    await waitFor(() => expect(query(api.calls(LIST).at(-1)!)).not.toHaveProperty('status'));
  });

  it('shows an unknown trading volume as Unknown, never $0.00', async () => {
    const report = makeReport(1, {
      trading: { cycles: 1, commission: 3, volume: null, cyclesWithVolume: 0 },
    });
    mockApi({
      [LIST]: () => okResponse(answer([report])),
      'GET /api/users/admin/reports/u1': () => okResponse(detailOf(report)),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View report of Ada Lovelace1' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Report' });
    expect(within(dialog).getByText('Trading volume').nextSibling).toHaveTextContent(/^Unknown$/);
  });

  it('opens the report dialog with the timeline and links to the user', async () => {
    const report = makeReport(1);
    mockApi({
      [LIST]: () => okResponse(answer([report])),
      'GET /api/users/admin/reports/u1': () => okResponse(detailOf(report)),
    });
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View report of Ada Lovelace1' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Report' });
    expect(within(dialog).getByText('Total withdrawn').nextSibling).toHaveTextContent('$26.50');
    // Admin section 9: dates with month, day, year, hour and minute.
    expect(within(dialog).getByText(/^Joined /)).toHaveTextContent(
      `Joined ${formatDateTime('2025-03-01T10:00:00.000Z')}`,
    );
    expect(within(dialog).getByText(/^Joined /).textContent).toMatch(/\d{1,2}:\d{2}/);
    expect(within(dialog).getByText('Active in network').nextSibling).toHaveTextContent('15');
    // Trading from the completed cycles: the volume says which of them carried one.
    expect(within(dialog).getByText('Commission').nextSibling).toHaveTextContent('$5.00');
    expect(within(dialog).getByText('Trading volume').nextSibling).toHaveTextContent(
      '$1,500.25 (from 1 of 2 cycles)',
    );
    const timeline = await within(dialog).findByRole('list', { name: 'Activity timeline' });
    const items = within(timeline).getAllByRole('listitem');
    expect(
      items.map((item) => item.querySelector('[data-type]')?.getAttribute('data-type')),
    ).toEqual(['REWARD_CLAIM', 'WITHDRAWAL', 'LOGIN', 'REFERRAL', 'SUBSCRIPTION']);
    expect(items[0]).toHaveTextContent('Reward Claim');
    expect(items[0]).toHaveTextContent('Referral reward');
    expect(items[0]).toHaveTextContent('$2.00');
    expect(items[2]).toHaveTextContent('Signed in from 10.0.0.1');

    await user.click(within(dialog).getByRole('link', { name: 'Open user details' }));
    expect(router.state.location.pathname).toBe('/admin/users/u1');
  });

  it("shows the timeline's error with Retry", async () => {
    const report = makeReport(1);
    mockApi({
      [LIST]: () => okResponse(answer([report])),
      'GET /api/users/admin/reports/u1': () => failResponse(500, null, null),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View report of Ada Lovelace1' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Report' });
    expect(await within(dialog).findByText('Failed to fetch the report')).toBeInTheDocument();
    mockApi({
      [LIST]: () => okResponse(answer([report])),
      'GET /api/users/admin/reports/u1': () => okResponse(detailOf(report)),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(
      await within(dialog).findByRole('list', { name: 'Activity timeline' }),
    ).toBeInTheDocument();
  });

  it("says 'No users found' for an empty page", async () => {
    mockApi({ [LIST]: () => okResponse(answer([])) });
    renderPage();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error and Retry loads again', async () => {
    mockApi({ [LIST]: () => failResponse(500, null, null) });
    const { user } = renderPage();
    expect(await screen.findByText('Failed to fetch user reports')).toBeInTheDocument();
    mockApi({ [LIST]: () => okResponse(answer([makeReport(2)])) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ada Lovelace2')).toBeInTheDocument();
  });
});
