import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, okResponse } from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { routes } from '../router';

const CYCLE_ID = '0c0c0c0c-0000-4000-8000-000000000001';

function renderAdmin(at: string) {
  localStorage.setItem('token', 'tok');
  mockApi({
    'GET /api/users/profile': () => okResponse(makeUser({ isAdmin: true })),
    'GET /api/rewards/admin/cycles': () =>
      okResponse({
        cycles: [],
        nextPeriodStart: null,
        pagination: {
          currentPage: 1,
          totalPages: 0,
          totalRecords: 0,
          limit: 10,
          hasNext: false,
          hasPrev: false,
        },
      }),
    [`GET /api/rewards/admin/cycles/${CYCLE_ID}`]: () => new Promise<Response>(() => {}),
    'GET /api/rewards/admin/all': () => new Promise<Response>(() => {}),
  });
  return renderRoutes(routes, { at });
}

describe('admin layout', () => {
  it('lists Reward Cycles after Rewards and opens /admin/cycles', async () => {
    const { user, router } = renderAdmin('/admin/cycles');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reward Cycles' }),
    ).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Admin pages' })[0]!;
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'DashboardOverview & Analytics',
      'UsersManage Users',
      'WithdrawalsReview Requests',
      'RewardsReward Distribution',
      'User ReportsActivity & Trading',
      'Reward CyclesDOWNLINE batches',
      'SettingsAdmin Settings',
      'ReconciliationChain & Ledger',
      'TreasuryHoldings & Coverage',
      'ExchangeBingX Connection',
      'UID ClaimsBingX Disputes',
      'Risk CenterShared Accounts',
      'Audit LogAdmin Activity',
    ]);
    const cycles = within(nav).getByRole('link', { name: /^Reward Cycles/ });
    expect(cycles).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No cycles yet')).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: /^Rewards/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/rewards'));
    await waitFor(() => expect(cycles).not.toHaveAttribute('aria-current'));
  });

  it('opens a cycle at /admin/cycles/{id}, with Reward Cycles still active', async () => {
    renderAdmin(`/admin/cycles/${CYCLE_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reward Cycle' }),
    ).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Admin pages' })[0]!;
    expect(within(nav).getByRole('link', { name: /^Reward Cycles/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
