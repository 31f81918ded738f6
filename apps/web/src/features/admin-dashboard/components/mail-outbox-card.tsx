import type { MailOutboxStatus } from '@ctn/contracts/mail';
import { Link } from 'react-router';
import { Row } from '@/components/admin/info-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatAgo, formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useMailStatus } from '../api/mail-status';

/** Minutes the oldest unsent mail has waited (0 when none). */
function oldestMinutes(status: MailOutboxStatus, now = Date.now()): number {
  return status.oldestUnsentAt ? (now - Date.parse(status.oldestUnsentAt)) / 60_000 : 0;
}

function badgeOf(status: MailOutboxStatus | undefined, failed: boolean) {
  if (!status) return { variant: 'neutral' as const, label: failed ? 'Unknown' : 'Checking' };
  if (status.alertingSince || oldestMinutes(status) >= status.alertAfterMinutes)
    return { variant: 'danger' as const, label: 'Delayed' };
  if (status.backlog > 0) return { variant: 'info' as const, label: 'Sending' };
  if (status.failedLastDay > 0) return { variant: 'warning' as const, label: 'Refusals' };
  return { variant: 'success' as const, label: 'OK' };
}

/**
 * The admin dashboard's mail card (decision 036): mails waiting, how long the oldest has waited,
 * and mails the relay refused for good in the last 24 hours.
 */
export function MailOutboxCard() {
  const query = useMailStatus();
  const s = query.data;
  const badge = badgeOf(s, query.isError);
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle>Mail Outbox</CardTitle>
          <CardDescription>
            {s
              ? s.transport === 'smtp'
                ? 'Verification mails, withdrawal codes and warnings through the SMTP relay'
                : 'Development mailbox: no mail leaves this server'
              : 'Reading the outbox...'}
          </CardDescription>
        </div>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {query.isPending ? (
          <div className="space-y-2" aria-hidden="true">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
          </div>
        ) : !s ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-danger">Failed to load the mail outbox</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <>
            <dl className="divide-y divide-border">
              <Row label="Waiting to be sent">{s.backlog}</Row>
              <Row label="Oldest unsent mail">
                {s.oldestUnsentAt ? formatAgo(s.oldestUnsentAt) : 'None'}
              </Row>
              <Row label="Refused for good (24 h)">{s.failedLastDay}</Row>
            </dl>
            {s.backlog === 0 ? (
              <p className="text-fg-muted">Every mail has been handed to the relay.</p>
            ) : s.oldestError ? (
              <p className="text-fg-muted">Last error: {s.oldestError}</p>
            ) : null}
            {s.alertingSince ? (
              <p className="text-danger">
                Mail has waited more than {s.alertAfterMinutes} minutes; administrators were alerted
                at {formatDateTime(s.alertingSince)}.
              </p>
            ) : null}
            {s.failedLastDay > 0 ? (
              <p className="text-fg-muted">
                Refused addresses are marked on the member&apos;s page, with the relay&apos;s
                answer.
              </p>
            ) : null}
          </>
        )}
        <Link className="font-medium text-primary hover:underline" to={paths.admin.settings}>
          Send a test mail
        </Link>
      </CardContent>
    </Card>
  );
}
