import {
  MAIL_RETENTION_OPTIONS,
  MAX_LOGIN_ATTEMPTS_OPTIONS,
  SESSION_TIMEOUT_OPTIONS,
  type SystemSettings,
} from '@ctn/contracts/settings';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { refusalText } from '@/lib/refusal-text';
import { NativeSelect } from '@/components/ui/native-select';
import { SettingRow, SettingSwitch } from './setting-switch';
import { useSystemSettings, useUpdateSystemSettings } from '../api/system-settings';

/**
 * The spec's notification and system toggles and its two selects (admin section 2), saved and
 * in effect (beyond the spec, where they are local only). Auto backup and audit logs are no
 * switches: there is no backup job, and audit logging is always on.
 */
export function SystemSettingsCard() {
  const settings = useSystemSettings();
  const saved = settings.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>System Settings</CardTitle>
        <CardDescription>
          Notifications, maintenance and sign-in security. Saved settings apply within seconds.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading system settings...</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : !saved ? (
          <div className="space-y-3">
            <Alert variant="error">
              {errorMessage(
                settings.error,
                'Failed to load system settings',
                'An error occurred while loading system settings',
              )}
            </Alert>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          // A new saved state (after Save) starts the form again from it.
          <SystemSettingsForm key={JSON.stringify(saved)} saved={saved} />
        )}
      </CardContent>
    </Card>
  );
}

const minutesLabel = (minutes: number) =>
  minutes < 60 ? `${minutes} minutes` : minutes === 60 ? '1 hour' : `${minutes / 60} hours`;

/** The option a <select> value names (its options are exactly these). */
const optionOf = <T extends number>(options: readonly T[], value: string, current: T): T =>
  options.find((option) => option === Number(value)) ?? current;

const sameSettings = (a: SystemSettings, b: SystemSettings) =>
  (Object.keys(a) as (keyof SystemSettings)[]).every((key) => a[key] === b[key]);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-1">
      <h3 className="text-sm font-semibold tracking-wide text-fg-muted uppercase">{title}</h3>
      <div className="divide-y divide-border">{children}</div>
    </section>
  );
}

function SystemSettingsForm({ saved }: { saved: SystemSettings }) {
  const [draft, setDraft] = useState<SystemSettings>(saved);
  const save = useUpdateSystemSettings();
  const changed = !sameSettings(draft, saved);

  const edit = (changes: Partial<SystemSettings>) => {
    if (save.isError) save.reset();
    setDraft((d) => ({ ...d, ...changes }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    save.mutate(draft, { onSuccess: () => toast('Settings saved') });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="System Settings" className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Notifications">
          <SettingSwitch
            id="setting-email-notifications"
            label="Email Notifications"
            description="The master switch for the alert mails to every administrator."
            checked={draft.emailNotifications}
            onChange={(on) => edit({ emailNotifications: on })}
          />
          <SettingSwitch
            id="setting-withdrawal-alerts"
            label="Withdrawal Alerts"
            description="A mail when a member requests a withdrawal."
            checked={draft.withdrawalAlerts}
            disabled={!draft.emailNotifications}
            onChange={(on) => edit({ withdrawalAlerts: on })}
          />
          <SettingSwitch
            id="setting-registration-alerts"
            label="User Registration Alerts"
            description="A mail when a new member registers."
            checked={draft.userRegistrationAlerts}
            disabled={!draft.emailNotifications}
            onChange={(on) => edit({ userRegistrationAlerts: on })}
          />
        </Section>

        <Section title="System">
          <SettingSwitch
            id="setting-maintenance-mode"
            label="Maintenance Mode"
            description="Members cannot sign in or use the app and see a maintenance page; administrators keep working."
            checked={draft.maintenanceMode}
            onChange={(on) => edit({ maintenanceMode: on })}
          />
          <SettingSwitch
            id="setting-indirect-invitations"
            label="Accept Indirect Invitations"
            description="A BingX account invited by one of your invitees, not by your own code, may be linked."
            checked={draft.indirectInvitationsEligible}
            onChange={(on) => edit({ indirectInvitationsEligible: on })}
          />
          <SettingRow
            id="setting-auto-backup"
            label="Auto Backup"
            description="The platform runs no backup job: back up the database with your hosting provider."
          >
            <Badge>Not available</Badge>
          </SettingRow>
          <SettingRow
            id="setting-audit-logs"
            label="Audit Logs"
            description="Always on: every administrator action is recorded in the audit log."
          >
            <Badge variant="success">Always on</Badge>
          </SettingRow>
        </Section>
      </div>

      <Section title="Security">
        <div className="grid gap-4 pt-2 sm:grid-cols-2">
          <Field
            id="setting-session-timeout"
            label="Session Timeout"
            hint="Administrator sessions end this long after sign-in (from the next sign-in)."
          >
            {(control) => (
              <NativeSelect
                {...control}
                value={draft.sessionTimeoutMinutes}
                onChange={(e) =>
                  edit({
                    sessionTimeoutMinutes: optionOf(
                      SESSION_TIMEOUT_OPTIONS,
                      e.target.value,
                      draft.sessionTimeoutMinutes,
                    ),
                  })
                }
              >
                {SESSION_TIMEOUT_OPTIONS.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {minutesLabel(minutes)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field
            id="setting-max-login-attempts"
            label="Max Login Attempts"
            hint="Failed sign-ins to one account from one address within 15 minutes before sign-in from there is paused."
          >
            {(control) => (
              <NativeSelect
                {...control}
                value={draft.maxLoginAttempts}
                onChange={(e) =>
                  edit({
                    maxLoginAttempts: optionOf(
                      MAX_LOGIN_ATTEMPTS_OPTIONS,
                      e.target.value,
                      draft.maxLoginAttempts,
                    ),
                  })
                }
              >
                {MAX_LOGIN_ATTEMPTS_OPTIONS.map((attempts) => (
                  <option key={attempts} value={attempts}>
                    {attempts} attempts
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field
            id="setting-mail-retention"
            label="Keep Delivered Mail"
            hint="Delivered mails are deleted from the outbox after this. Codes and links are removed from a mail as soon as it is delivered."
          >
            {(control) => (
              <NativeSelect
                {...control}
                value={draft.mailRetentionDays}
                onChange={(e) =>
                  edit({
                    mailRetentionDays: optionOf(
                      MAIL_RETENTION_OPTIONS,
                      e.target.value,
                      draft.mailRetentionDays,
                    ),
                  })
                }
              >
                {MAIL_RETENTION_OPTIONS.map((days) => (
                  <option key={days} value={days}>
                    {days} days
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
      </Section>

      {draft.maintenanceMode && !saved.maintenanceMode ? (
        <Alert variant="warning">
          Saving turns maintenance mode on: signed-in members are stopped at once.
        </Alert>
      ) : null}

      {save.isError ? (
        <Alert variant="error">
          {refusalText(
            save.error,
            'Failed to save system settings',
            'An error occurred while saving system settings',
          )}
        </Alert>
      ) : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => edit(saved)} disabled={!changed || save.isPending}>
          Reset
        </Button>
        <Button type="submit" disabled={!changed} loading={save.isPending} loadingText="Saving...">
          Save
        </Button>
      </div>
    </form>
  );
}
