import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes, Stub } from '@/testing/render';
import {
  makeComplianceRun,
  makeComplianceStatus,
  makeShadowRun,
} from '@/testing/compliance-fixtures';
import { makeDailySeries, makeOverallStats } from '../testing-fixtures';
import { AdminDashboardPage } from './admin-dashboard-page';

function renderPage() {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      { path: '/admin/dashboard', element: <AdminDashboardPage /> },
      { path: '/admin/users/:id', element: <Stub name="User detail" /> },
      { path: '/admin/withdrawals/:id', element: <Stub name="Withdrawal review" /> },
      { path: '/admin/compliance/runs/12', element: <Stub name="Shadow run 12" /> },
    ],
    { at: '/admin/dashboard' },
  );
}

const heldRun = makeComplianceRun({
  status: 'HELD',
  newlyLocked: 39,
  copyingMembers: 1,
  reason: "The exchange's answer would newly lock 39 of 40 linked members (more than 20%).",
});

describe('admin dashboard page', () => {
  it('shows a held compliance run until it is acknowledged', async () => {
    let acknowledged = false;
    const api = mockApi({
      'GET /api/users/admin/overall-stats': () => okResponse(makeOverallStats()),
      'GET /api/admin/compliance/status': () =>
        okResponse(
          makeComplianceStatus({ lastRun: heldRun, heldRun: acknowledged ? null : heldRun }),
        ),
      'POST /api/admin/compliance/runs/7/acknowledge': () => {
        acknowledged = true;
        return okResponse(null);
      },
    });
    const { user } = renderPage();
    expect(
      await screen.findByText('Compliance run held: nothing was locked or forfeited'),
    ).toBeInTheDocument();
    expect(screen.getByText(/would newly lock 39 of 40/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByText(/Compliance run held/)).not.toBeInTheDocument());
    expect(api.calls('POST /api/admin/compliance/runs/7/acknowledge')).toHaveLength(1);
  });

  it('shows the last shadow run while compliance runs in shadow, with its decisions linked', async () => {
    mockApi({
      'GET /api/users/admin/overall-stats': () => okResponse(makeOverallStats()),
      'GET /api/admin/compliance/status': () =>
        okResponse(
          makeComplianceStatus({
            mode: { effective: 'shadow', stored: 'shadow', fromEnvironment: false },
            lastShadowRun: makeShadowRun({ copyingHeld: 6 }),
          }),
        ),
    });
    const { user } = renderPage();
    expect(await screen.findByText('Shadow mode')).toBeInTheDocument();
    const figures = screen.getByLabelText('Shadow run figures');
    for (const [label, value] of [
      ['Would lock', '3'],
      ['Would remind', '1'],
      ['Would forfeit', '2(12.50 USDT)'],
      ['Would release', '4(30.00 USDT)'],
      ['First concerns', '5'],
      ['Exchange unknown', '1'],
    ] as const)
      expect(within(figures).getByText(label).nextSibling).toHaveTextContent(value);
    expect(screen.getByText(/Copy trading was not enforced/)).toHaveTextContent('6 show none');
    await user.click(screen.getByRole('link', { name: 'Review the decisions' }));
    expect(await screen.findByText('Shadow run 12')).toBeInTheDocument();
  });

  it('shows no shadow card once enforced without a shadow run; says when copy trading waits', async () => {
    mockApi({
      'GET /api/users/admin/overall-stats': () => okResponse(makeOverallStats()),
      'GET /api/admin/compliance/status': () =>
        okResponse(
          makeComplianceStatus({
            copyingEvidenceSince: null,
            copyingHold: makeComplianceRun({ copyingHeld: 9, linkedMembers: 9 }),
          }),
        ),
    });
    renderPage();
    expect(await screen.findByText('Copy trading is not enforced yet')).toBeInTheDocument();
    expect(screen.getByText(/9 of 9 linked members show none/)).toBeInTheDocument();
    expect(screen.queryByText('Shadow compliance')).toBeNull();
  });

  it('shows six statistics and the empty states', async () => {
    mockApi({ 'GET /api/users/admin/overall-stats': () => okResponse(makeOverallStats()) });
    renderPage();
    const stats = await screen.findByRole('region', { name: 'Platform Statistics' });
    for (const [label, value] of [
      ['Total Users', '120'],
      ['Completed Onboarding', '80'],
      ['New Users Today', '4'],
      ['Pending Withdrawals', '3'],
      ['Withdrawals Amount', '$1,500.50'],
      ['Rewards Distributed', '$9,876.12'], // 2 decimals never rounded up (decision 050)
    ] as const) {
      expect(within(stats).getByText(label).nextSibling).toHaveTextContent(value);
    }
    expect(screen.getByText('No recent withdrawals')).toBeInTheDocument();
    expect(screen.getByText('No recent users')).toBeInTheDocument();
  });

  it('links recent withdrawals and users', async () => {
    mockApi({
      'GET /api/users/admin/overall-stats': () =>
        okResponse(
          makeOverallStats({
            recentWithdrawals: [
              {
                _id: 'w1',
                user: { name: 'Ada Lovelace' },
                amount: 25,
                createdAt: '2025-03-01T10:00:00.000Z',
                status: 'PENDING',
              },
            ],
            recentJoinedUsers: [
              {
                _id: 'u1',
                name: 'Grace Hopper',
                email: 'grace@example.com',
                joinedAt: '2025-03-02T10:00:00.000Z',
                onboardingCompleted: false,
              },
            ],
          }),
        ),
    });
    const { user, router } = renderPage();
    const withdrawal = await screen.findByRole('link', { name: /Ada Lovelace/ });
    expect(withdrawal).toHaveAttribute('href', '/admin/withdrawals/w1');
    expect(withdrawal).toHaveTextContent('$25.00');
    await user.click(screen.getByRole('link', { name: /Grace Hopper/ }));
    expect(router.state.location.pathname).toBe('/admin/users/u1');
  });

  it('charts sign-ups, payments and payouts per day from the series', async () => {
    mockApi({
      'GET /api/users/admin/overall-stats': () =>
        okResponse(
          makeOverallStats({
            series: makeDailySeries({
              signups: { '2025-03-02': 3, '2025-03-30': 1 },
              payments: { '2025-03-30': 22.5 },
            }),
          }),
        ),
    });
    renderPage();
    const charts = await screen.findByRole('region', { name: 'Last 30 days' });
    const signups = within(charts).getByRole('region', { name: 'Sign-ups per day' });
    const chart = within(signups).getByRole('img');
    expect(chart).toHaveAccessibleName(
      'Sign-ups per day, last 30 days: 4 in total, on 2 days. Best day: 3.',
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    const rows = within(within(signups).getByRole('table')).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual(['Mar 2, 20253', 'Mar 30, 20251']);
    expect(signups).toHaveTextContent('Mar 1, 2025');

    const payments = within(charts).getByRole('region', { name: 'Payments per day' });
    expect(within(payments).getByRole('img')).toHaveAccessibleName(
      'Payments per day, last 30 days: $22.50 in total, on 1 day. Best day: $22.50.',
    );
    const payouts = within(charts).getByRole('region', { name: 'Payouts per day' });
    expect(payouts).toHaveTextContent('No payouts in the last 30 days');
    expect(within(payouts).queryByRole('img')).toBeNull();
  });

  it('shows the error and Retry loads again', async () => {
    mockApi({
      'GET /api/users/admin/overall-stats': () => failResponse(500, 'INTERNAL_SERVER_ERROR'),
    });
    const { user } = renderPage();
    expect(await screen.findByText('Failed to fetch dashboard statistics')).toBeInTheDocument();
    mockApi({ 'GET /api/users/admin/overall-stats': () => okResponse(makeOverallStats()) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No recent users')).toBeInTheDocument();
  });
});
