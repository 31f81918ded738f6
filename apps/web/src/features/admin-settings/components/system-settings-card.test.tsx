import { DEFAULT_SYSTEM_SETTINGS, type SystemSettings } from '@ctn/contracts/settings';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { SystemSettingsCard } from './system-settings-card';

const GET = 'GET /api/admin/settings/system';
const PUT = 'PUT /api/admin/settings/system';

function renderCard() {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      {
        path: '/admin/settings',
        element: (
          <>
            <SystemSettingsCard />
            <Toaster />
          </>
        ),
      },
    ],
    { at: '/admin/settings' },
  );
}

const form = () => screen.getByRole('form', { name: 'System Settings' });
const toggle = (name: string) => within(form()).getByRole('switch', { name });
const saveButton = () => within(form()).getByRole('button', { name: /^Save|Saving/ });

describe('system settings card', () => {
  it('shows the saved settings; informative rows are no switches; Save waits for a change', async () => {
    mockApi({ [GET]: () => okResponse(DEFAULT_SYSTEM_SETTINGS) });
    renderCard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading system settings...');
    expect(await screen.findByRole('switch', { name: 'Email Notifications' })).toBeChecked();
    expect(toggle('Withdrawal Alerts')).toBeChecked();
    expect(toggle('User Registration Alerts')).not.toBeChecked();
    expect(toggle('Maintenance Mode')).not.toBeChecked();
    expect(toggle('Accept Indirect Invitations')).toBeChecked();
    expect(screen.getByLabelText('Session Timeout')).toHaveValue('30');
    expect(screen.getByLabelText('Max Login Attempts')).toHaveValue('5');
    expect(
      within(screen.getByLabelText('Session Timeout'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['15 minutes', '30 minutes', '1 hour', '2 hours', '4 hours']);
    expect(
      within(screen.getByLabelText('Max Login Attempts'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['3 attempts', '5 attempts', '10 attempts']);
    // Auto backup and audit logs: stated honestly, nothing to switch.
    expect(screen.getAllByRole('switch')).toHaveLength(5);
    expect(screen.getByText('Auto Backup')).toBeInTheDocument();
    expect(screen.getByText('Not available')).toBeInTheDocument();
    expect(screen.getByText('Audit Logs')).toBeInTheDocument();
    expect(screen.getByText('Always on')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('saves the changes: Saving..., the toast, the new state; the master switch gates the alerts', async () => {
    const answer = deferred<Response>();
    const api = mockApi({
      [GET]: () => okResponse(DEFAULT_SYSTEM_SETTINGS),
      [PUT]: () => answer.promise,
    });
    const { user } = renderCard();
    await user.click(await screen.findByRole('switch', { name: 'Maintenance Mode' }));
    expect(toggle('Maintenance Mode')).toBeChecked();
    expect(screen.getByText(/Saving turns maintenance mode on/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Session Timeout'), '2 hours');
    await user.selectOptions(screen.getByLabelText('Max Login Attempts'), '3 attempts');
    await user.click(toggle('Email Notifications'));
    expect(toggle('Withdrawal Alerts')).toBeDisabled();
    expect(toggle('User Registration Alerts')).toBeDisabled();
    await user.click(toggle('Email Notifications'));
    await user.click(toggle('User Registration Alerts'));

    await user.click(saveButton());
    expect(saveButton()).toHaveTextContent('Saving...');
    expect(saveButton()).toBeDisabled();
    const expected: SystemSettings = {
      ...DEFAULT_SYSTEM_SETTINGS,
      maintenanceMode: true,
      sessionTimeoutMinutes: 120,
      maxLoginAttempts: 3,
      userRegistrationAlerts: true,
    };
    expect(api.calls(PUT)[0]!.body).toEqual(expected);
    answer.resolve(okResponse(expected));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    await waitFor(() => expect(saveButton()).toHaveTextContent('Save'));
    expect(saveButton()).toBeDisabled();
    expect(toggle('Maintenance Mode')).toBeChecked();
    expect(screen.getByLabelText('Session Timeout')).toHaveValue('120');
    expect(screen.queryByText(/Saving turns maintenance mode on/)).toBeNull();
  });

  it('Reset goes back to the saved values', async () => {
    mockApi({ [GET]: () => okResponse(DEFAULT_SYSTEM_SETTINGS) });
    const { user } = renderCard();
    await user.click(await screen.findByRole('switch', { name: 'Withdrawal Alerts' }));
    expect(saveButton()).toBeEnabled();
    await user.click(within(form()).getByRole('button', { name: 'Reset' }));
    expect(toggle('Withdrawal Alerts')).toBeChecked();
    expect(saveButton()).toBeDisabled();
  });

  it('shows why a save was refused, and keeps the draft', async () => {
    mockApi({
      [GET]: () => okResponse(DEFAULT_SYSTEM_SETTINGS),
      [PUT]: () =>
        failResponse(400, 'VALIDATION_ERROR', 'Session timeout must be one of 15, 30', {
          errors: [
            {
              field: 'sessionTimeoutMinutes',
              message: 'Session timeout must be one of 15, 30, 60, 120, 240 minutes',
            },
          ],
        }),
    });
    const { user } = renderCard();
    await user.click(await screen.findByRole('switch', { name: 'Maintenance Mode' }));
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Session timeout must be one of 15, 30, 60, 120, 240 minutes',
    );
    expect(toggle('Maintenance Mode')).toBeChecked();
    expect(saveButton()).toBeEnabled();
  });

  it('offers Retry when loading fails', async () => {
    let fail = true;
    mockApi({
      [GET]: () =>
        fail ? failResponse(500, 'INTERNAL_SERVER_ERROR') : okResponse(DEFAULT_SYSTEM_SETTINGS),
    });
    const { user } = renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent('server error, try later');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('switch', { name: 'Maintenance Mode' })).toBeInTheDocument();
  });
});
