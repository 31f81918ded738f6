import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { csvResponse, pressExport } from '@/testing/export';
import { renderRoutes, Stub } from '@/testing/render';
import { makeListUser, usersAnswer } from '../testing-fixtures';
import { AdminUsersPage } from './admin-users-page';

function renderPage() {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      {
        path: '/admin/users',
        element: (
          <>
            <AdminUsersPage />
            <Toaster />
          </>
        ),
      },
      { path: '/admin/users/:id', element: <Stub name="User detail" /> },
    ],
    { at: '/admin/users' },
  );
}

describe('admin users page', () => {
  it('shows the eight statistics and the table, and View opens the detail', async () => {
    const api = mockApi({
      'GET /api/users/admin/all': () =>
        okResponse(usersAnswer([makeListUser(1), makeListUser(2, { status: 'LOCKED' })])),
    });
    const { user, router } = renderPage();
    const table = await screen.findByRole('table');
    const request = api.calls('GET /api/users/admin/all')[0]!;
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      page: '1',
      limit: '10',
      sort: '-createdAt',
    });
    const stats = screen.getByRole('region', { name: 'User Statistics' });
    for (const [label, value] of [
      ['Total Users', '42'],
      ['Active', '38'],
      ['Locked', '3'],
      ['Disabled', '1'],
      ['Verified', '40'],
      ['Unverified', '2'],
      ['Onboarding Completed', '25'],
      ['Subscription Paid', '27'],
    ] as const) {
      expect(within(stats).getByText(label).nextSibling).toHaveTextContent(value);
    }
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Grace Hopper1');
    expect(rows[0]).toHaveTextContent('grace1@example.com');
    expect(rows[0]).toHaveTextContent('CT100001');
    expect(within(rows[1]!).getByText('LOCKED')).toHaveAttribute('data-status', 'LOCKED');
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('link', { name: 'View Grace Hopper1' }));
    expect(router.state.location.pathname).toBe(`/admin/users/${makeListUser(1)._id}`);
  });

  it('debounces the search and starts again at page 1', async () => {
    const api = mockApi({
      'GET /api/users/admin/all': (req) => {
        const page = Number(req.url.searchParams.get('page'));
        const search = req.url.searchParams.get('search');
        if (search) return okResponse(usersAnswer([]));
        return okResponse(
          usersAnswer([makeListUser(page)], {
            currentPage: page,
            totalPages: 2,
            totalUsers: 12,
            hasNext: page < 2,
            hasPrev: page > 1,
          }),
        );
      },
    });
    const { user } = renderPage();
    await screen.findByText('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    const before = api.calls('GET /api/users/admin/all').length;
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    // Nothing is sent while typing.
    expect(api.calls('GET /api/users/admin/all')).toHaveLength(before);
    expect(await screen.findByText('No users found', {}, { timeout: 2000 })).toBeInTheDocument();
    const searches = api
      .calls('GET /api/users/admin/all')
      .filter((r) => r.url.searchParams.get('search'));
    expect(searches).toHaveLength(1);
    expect(searches[0]!.url.searchParams.get('search')).toBe('nobody');
    expect(searches[0]!.url.searchParams.get('page')).toBe('1');
  });

  it('exports the users of the current search', async () => {
    const api = mockApi({
      'GET /api/users/admin/all': () => okResponse(usersAnswer([makeListUser(1)])),
      'GET /api/users/admin/export': () => csvResponse('users-2026-11-21.csv'),
    });
    const { user } = renderPage();
    await screen.findByRole('table');
    await pressExport(user);
    expect(
      Object.fromEntries(api.calls('GET /api/users/admin/export')[0]!.url.searchParams),
    ).toEqual({ sort: '-createdAt' });
  });

  it('shows the error with Retry', async () => {
    mockApi({ 'GET /api/users/admin/all': () => failResponse(500, null, null) });
    const { user } = renderPage();
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
    mockApi({ 'GET /api/users/admin/all': () => okResponse(usersAnswer([makeListUser(1)])) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Grace Hopper1')).toBeInTheDocument();
  });

  it('changes a status through the dialog and the confirmation, then shows the toast', async () => {
    const member = makeListUser(1);
    let status: 'ACTIVE' | 'LOCKED' = 'ACTIVE';
    const api = mockApi({
      'GET /api/users/admin/all': () => okResponse(usersAnswer([{ ...member, status }])),
      [`PUT /api/users/${member._id}/status`]: (req) => {
        status = (req.body as { status: 'LOCKED' }).status;
        return okResponse({ _id: member._id, status }, 'USER_STATUS_UPDATED');
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit status of Grace Hopper1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Status' });
    const update = within(dialog).getByRole('button', { name: 'Update Status' });
    expect(update).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'LOCKED');
    expect(update).toBeEnabled();
    await user.click(update);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Status Change' });
    expect(confirm).toHaveTextContent('from ACTIVE to LOCKED');
    expect(api.calls(`PUT /api/users/${member._id}/status`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('User status updated to LOCKED successfully!'),
    ).toBeInTheDocument();
    expect(api.calls(`PUT /api/users/${member._id}/status`)[0]!.body).toEqual({ status: 'LOCKED' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    await waitFor(() => expect(within(row).getByText('LOCKED')).toBeInTheDocument());
  });

  it('shows a red toast when the update fails', async () => {
    const member = makeListUser(1);
    mockApi({
      'GET /api/users/admin/all': () => okResponse(usersAnswer([member])),
      [`PUT /api/users/${member._id}/status`]: () => failResponse(500, null, null),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit status of Grace Hopper1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Status' });
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'DISABLED');
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Status Change' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to update user status');
  });
});
