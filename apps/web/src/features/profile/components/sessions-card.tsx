import { SECURITY_EVENT_LABELS } from '@ctn/contracts/security';
import { MonitorSmartphone } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import {
  useEndSession,
  useSecurityEvents,
  useSessions,
  useSignOutEverywhere,
} from '../api/account-security';

const FAILED = 'That did not work. Please try again.';

/** Where the account is signed in, with "sign out" per session and everywhere. */
export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSession();
  const everywhere = useSignOutEverywhere();
  return (
    <Card>
      <div className="flex items-start gap-3 p-6 pb-0">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <MonitorSmartphone className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle>Active sessions</CardTitle>
          <CardDescription>Where your account is signed in now.</CardDescription>
        </div>
      </div>
      <CardContent className="space-y-4">
        {end.error || everywhere.error ? (
          <Alert variant="error">
            {errorMessage(end.error ?? everywhere.error, FAILED, FAILED)}
          </Alert>
        ) : null}
        {sessions.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : sessions.isError ? (
          <Alert variant="error">
            Your sessions could not be loaded. Reload the page to try again.
          </Alert>
        ) : (
          <ul className="divide-y divide-border">
            {sessions.data.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                    {s.device}
                    {s.current ? <Badge variant="success">This device</Badge> : null}
                  </p>
                  <p className="text-sm text-fg-muted">
                    {s.ip ?? 'Unknown address'} · last seen {formatDateTime(s.lastSeenAt)} · signed
                    in {formatDateTime(s.createdAt)}
                  </p>
                </div>
                {s.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    loading={end.isPending && end.variables === s.id}
                    onClick={() => end.mutate(s.id)}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="danger-outline"
          loading={everywhere.isPending}
          onClick={() => everywhere.mutate()}
        >
          Sign out everywhere
        </Button>
      </CardContent>
    </Card>
  );
}

/** The account's last security events, and the withdrawal hold after a sensitive change. */
export function SecurityLogCard() {
  const events = useSecurityEvents();
  return (
    <Card>
      <div className="space-y-1 p-6 pb-0">
        <CardTitle>Security log</CardTitle>
        <CardDescription>
          Sign-ins and changes to your account's security. Each change is also mailed to you.
        </CardDescription>
      </div>
      <CardContent className="space-y-4">
        {events.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : events.isError ? (
          <Alert variant="error">
            The security log could not be loaded. Reload the page to try again.
          </Alert>
        ) : (
          <>
            {events.data.withdrawalsFrozenUntil ? (
              <Alert variant="warning">
                Withdrawals are on hold until {formatDateTime(events.data.withdrawalsFrozenUntil)}{' '}
                after a recent password reset or two-factor change, to protect your balance.
              </Alert>
            ) : null}
            {events.data.events.length === 0 ? (
              <p className="text-sm text-fg-muted">Nothing yet.</p>
            ) : (
              <ul className="divide-y divide-border">
                {events.data.events.map((e, i) => (
                  <li
                    key={`${e.createdAt}-${i}`}
                    className="flex flex-wrap justify-between gap-2 py-2.5 text-sm"
                  >
                    <span className="font-medium text-fg">{SECURITY_EVENT_LABELS[e.kind]}</span>
                    <span className="text-fg-muted">
                      {[e.device, e.ip].filter(Boolean).join(' · ')}
                      {e.device || e.ip ? ' · ' : ''}
                      {formatDateTime(e.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
