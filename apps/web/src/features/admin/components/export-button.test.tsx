import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { AdminRewardsPage } from '../pages/admin-rewards-page';
import { AdminUsersPage } from '../pages/admin-users-page';
import { AdminWithdrawalsPage } from '../pages/admin-withdrawals-page';
import { makeListUser, usersAnswer } from '../testing-fixtures';
import { makeAdminReward, rewardsAnswer } from '../testing-reward-fixtures';
import { makeAdminWithdrawal, withdrawalsAnswer } from '../testing-withdrawal-fixtures';

const csv = (filename: string) =>
  new Response('ID,Name\r\n1,Ada\r\n', {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
    },
  });

let downloads: { href: string; download: string }[];

beforeEach(() => {
  downloads = [];
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function render(path: string, element: ReactNode, search = '') {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      {
        path,
        element: (
          <>
            {element}
            <Toaster />
          </>
        ),
      },
    ],
    { at: path + search },
  );
}

describe('Export CSV', () => {
  it('downloads the withdrawals of the current filters with the session token', async () => {
    const gate = deferred<Response>();
    const api = mockApi({
      'GET /api/withdrawals/admin/all': () =>
        okResponse(withdrawalsAnswer([makeAdminWithdrawal(1)])),
      'GET /api/withdrawals/admin/export': () => gate.promise,
    });
    const { user } = render('/admin/withdrawals', <AdminWithdrawalsPage />);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Status'), 'REJECTED');
    await user.type(screen.getByRole('searchbox', { name: 'Search withdrawals' }), 'grace');
    await waitFor(
      () =>
        expect(
          api.calls('GET /api/withdrawals/admin/all').at(-1)!.url.searchParams.get('search'),
        ).toBe('grace'),
      { timeout: 2000 },
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('button', { name: 'Exporting...' })).toBeDisabled();
    const request = api.calls('GET /api/withdrawals/admin/export')[0]!;
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      search: 'grace',
      status: 'REJECTED',
      sort: '-createdAt',
    });
    expect(request.headers.get('authorization')).toBe('Bearer tok');
    gate.resolve(csv('withdrawals-2026-11-21.csv'));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(downloads).toEqual([{ href: 'blob:csv', download: 'withdrawals-2026-11-21.csv' }]);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:csv');
  });

  it('downloads the users and the rewards of their filters', async () => {
    const api = mockApi({
      'GET /api/users/admin/all': () => okResponse(usersAnswer([makeListUser(1)])),
      'GET /api/users/admin/export': () => csv('users-2026-11-21.csv'),
      'GET /api/rewards/admin/all': () => okResponse(rewardsAnswer([makeAdminReward(1)])),
      'GET /api/rewards/admin/export': () => csv('rewards-2026-11-21.csv'),
    });
    const users = render('/admin/users', <AdminUsersPage />);
    await screen.findByRole('table');
    await users.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(
      Object.fromEntries(api.calls('GET /api/users/admin/export')[0]!.url.searchParams),
    ).toEqual({ sort: '-createdAt' });
    users.unmount();

    const rewards = render('/admin/rewards', <AdminRewardsPage />, '?cycle=4');
    await screen.findByRole('table');
    await rewards.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]!.download).toBe('rewards-2026-11-21.csv');
    expect(
      Object.fromEntries(api.calls('GET /api/rewards/admin/export')[0]!.url.searchParams),
    ).toEqual({ cycle: '4', sort: '-createdAt' });
  });

  it('shows a toast with the reason when the export is refused', async () => {
    mockApi({
      'GET /api/users/admin/all': () => okResponse(usersAnswer([makeListUser(1)])),
      'GET /api/users/admin/export': () =>
        failResponse(400, 'VALIDATION_ERROR', 'Too many', {
          errors: [{ field: 'filters', message: 'Narrow the filters and try again.' }],
        }),
    });
    const { user } = render('/admin/users', <AdminUsersPage />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(screen.getByText('Narrow the filters and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(downloads).toHaveLength(0);
  });
});
