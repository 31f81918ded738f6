import { DEFAULT_SYSTEM_SETTINGS } from '@ctn/contracts/settings';
import { COMMON_PASSWORD_MESSAGE } from '@ctn/contracts/validation';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '@/lib/auth-token';
import { profileQueryKey } from '@/lib/session';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makeComplianceStatus } from '@/testing/compliance-fixtures';
import { makeUser } from '@/testing/fixtures';
import { createTestQueryClient, renderRoutes } from '@/testing/render';
import { makeRewardSettings } from '../testing-fixtures';
import { AdminSettingsPage } from './admin-settings-page';

const SETTINGS = 'GET /api/admin/settings/rewards';
const SYSTEM = 'GET /api/admin/settings/system';
const system = () => okResponse(DEFAULT_SYSTEM_SETTINGS);
const OVERVIEW = 'GET /api/admin/system-overview';
const liveOverview = {
  server: { status: 'online', version: '1.4.0', uptimeSeconds: 3600 },
  database: { status: 'connected', latencyMs: 1.25 },
  activeUsers: 7,
  pendingActions: { total: 4, pendingWithdrawals: 3, openUidClaims: 1 },
  checkedAt: '2025-01-06T09:30:00.000Z',
};
const overview = () => okResponse(liveOverview);
const COMPLIANCE = 'GET /api/admin/compliance/status';
const compliance = () => okResponse(makeComplianceStatus());

function renderPage(lastLogin: string | null = '2025-01-06T09:30:00.000Z') {
  localStorage.setItem('token', 'tok');
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(
    profileQueryKey,
    makeUser({ isAdmin: true, firstName: 'Platform', lastName: 'Admin', lastLogin }),
  );
  return renderRoutes([{ path: '/admin/settings', element: <AdminSettingsPage /> }], {
    at: '/admin/settings',
    queryClient,
  });
}

async function fill(user: ReturnType<typeof renderPage>['user'], values: string[]) {
  const labels = [/^Current Password/, /^New Password/, /^Confirm New Password/];
  for (const [i, label] of labels.entries()) {
    const input = screen.getByLabelText(label, { selector: 'input' });
    await user.clear(input);
    if (values[i]) await user.type(input, values[i]);
  }
}

describe('admin settings page', () => {
  it('shows the live System Overview: online, connected, active users, pending actions', async () => {
    mockApi({
      [SETTINGS]: () => okResponse(makeRewardSettings()),
      [SYSTEM]: system,
      [COMPLIANCE]: compliance,
      [OVERVIEW]: overview,
    });
    renderPage();
    const grid = await screen.findByRole('region', { name: 'System Overview' });
    await waitFor(() =>
      expect(within(grid).getByText('Active Users').nextSibling).toHaveTextContent('7'),
    );
    expect(within(grid).getByText('Server').nextSibling).toHaveTextContent('Online');
    expect(within(grid).getByText('Database').nextSibling).toHaveTextContent('Connected');
    expect(within(grid).getByText('Pending Actions').nextSibling).toHaveTextContent('4');
    expect(within(grid).getByRole('link', { name: '3 withdrawals' })).toHaveAttribute(
      'href',
      '/admin/withdrawals',
    );
    expect(within(grid).getByRole('link', { name: '1 UID claim' })).toHaveAttribute(
      'href',
      '/admin/uid-claims',
    );
  });

  it('shows Unknown, never 0, for figures of an unreachable database', async () => {
    mockApi({
      [SETTINGS]: () => okResponse(makeRewardSettings()),
      [SYSTEM]: system,
      [COMPLIANCE]: compliance,
      [OVERVIEW]: () =>
        okResponse({
          ...liveOverview,
          database: { status: 'unreachable', latencyMs: null },
          activeUsers: null,
          pendingActions: null,
        }),
    });
    renderPage();
    const grid = await screen.findByRole('region', { name: 'System Overview' });
    await waitFor(() =>
      expect(within(grid).getByText('Database').nextSibling).toHaveTextContent('Unreachable'),
    );
    expect(within(grid).getByText('Active Users').nextSibling).toHaveTextContent('Unknown');
    expect(within(grid).getByText('Pending Actions').nextSibling).toHaveTextContent('Unknown');
  });

  it('shows the profile and the reward settings', async () => {
    mockApi({
      [SETTINGS]: () => okResponse(makeRewardSettings()),
      [SYSTEM]: system,
      [COMPLIANCE]: compliance,
      [OVERVIEW]: overview,
    });
    renderPage(null);
    expect(screen.getByText('Platform Admin')).toBeInTheDocument();
    expect(screen.getByText('ADMINISTRATOR')).toBeInTheDocument();
    expect(screen.getByText('Not available')).toBeInTheDocument();
    expect(await screen.findByLabelText('Subscription fee (USDT)')).toHaveValue(10);
  });

  it('saves the system settings with their own Save button', async () => {
    const api = mockApi({
      [SETTINGS]: () => okResponse(makeRewardSettings()),
      [SYSTEM]: system,
      [COMPLIANCE]: compliance,
      [OVERVIEW]: overview,
      'PUT /api/admin/settings/system': (request) => okResponse(request.body),
    });
    const { user } = renderPage();
    // The form starts again from the saved state after a save: query it each time.
    const form = () => screen.getByRole('form', { name: 'System Settings' });
    const save = () => within(form()).getByRole('button', { name: 'Save' });
    await screen.findByRole('form', { name: 'System Settings' });
    expect(save()).toBeDisabled();
    await user.selectOptions(within(form()).getByLabelText('Session Timeout'), '15 minutes');
    await user.click(save());
    await waitFor(() => expect(api.calls('PUT /api/admin/settings/system')).toHaveLength(1));
    await waitFor(() => expect(save()).toBeDisabled());
    expect(within(form()).getByLabelText('Session Timeout')).toHaveValue('15');
    expect(api.calls('PUT /api/admin/settings/system')[0]!.body).toEqual({
      ...DEFAULT_SYSTEM_SETTINGS,
      sessionTimeoutMinutes: 15,
    });
    expect(api.calls('PUT /api/admin/settings/rewards')).toHaveLength(0);
  });

  it('checks the rules in order, Cancel clears, and a change shows the banner', async () => {
    const api = mockApi({
      [SETTINGS]: () => okResponse(makeRewardSettings()),
      [SYSTEM]: system,
      [COMPLIANCE]: compliance,
      [OVERVIEW]: overview,
      'PUT /api/users/change-password': () => okResponse({ token: 'new-token' }),
    });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const submit = () => user.click(screen.getByRole('button', { name: 'Change Password' }));
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all password fields');
    await fill(user, ['Old@2025ok', 'New@2025ok', 'Other@2025ok']);
    expect(screen.queryByRole('alert')).toBeNull();
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('New passwords do not match');
    await fill(user, ['Old@2025ok', 'Ab@1', 'Ab@1']);
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'New password must be at least 8 characters long',
    );
    await fill(user, ['Old@2025ok', 'abcdefgh', 'abcdefgh']);
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByLabelText(/^Current Password/, { selector: 'input' })).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls('PUT /api/users/change-password')).toHaveLength(0);

    await fill(user, ['Old@2025ok', 'New@2025ok', 'New@2025ok']);
    await submit();
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(api.calls('PUT /api/users/change-password')[0]!.body).toEqual({
      currentPassword: 'Old@2025ok',
      newPassword: 'New@2025ok',
      confirmPassword: 'New@2025ok',
    });
    expect(getToken()).toBe('new-token');
    // The whole settings page (operator, claims, rewards, system) renders on each of some 200
    // keystrokes: about 11 s alone, more beside other files on two cores.
  }, 40_000);

  it('shows the server text of a refused change', async () => {
    mockApi({
      [SETTINGS]: () => okResponse(makeRewardSettings()),
      [SYSTEM]: system,
      [COMPLIANCE]: compliance,
      [OVERVIEW]: overview,
      'PUT /api/users/change-password': () => failResponse(400, 'SAME_PASSWORD_ERROR'),
    });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await fill(user, ['Same@2025ok', 'Same@2025ok', 'Same@2025ok']);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'the new password cannot be the same as the current one',
    );
  });

  it('says why the server refused a new password (a common one)', async () => {
    mockApi({
      [SETTINGS]: () => okResponse(makeRewardSettings()),
      [SYSTEM]: system,
      [COMPLIANCE]: compliance,
      [OVERVIEW]: overview,
      'PUT /api/users/change-password': () =>
        failResponse(400, 'VALIDATION_ERROR', null, {
          errors: [{ field: 'newPassword', message: COMMON_PASSWORD_MESSAGE }],
        }),
    });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await fill(user, ['Old@2025pass', 'Password1!', 'Password1!']);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COMMON_PASSWORD_MESSAGE);
  });
});
