// One UID claim as the administrators review it: both accounts side by side, the exchange's
// answer, and the actions.
import type { AdminUidClaim, UidClaimStatus } from '@ctn/contracts/uid-claims';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useUidClaimDetail } from '../api/uid-claims';
import { ResolveClaimDialog, type ClaimAction } from './resolve-claim-dialog';

const STATUS_BADGE: Record<
  UidClaimStatus,
  { label: string; variant: 'warning' | 'success' | 'neutral' }
> = {
  OPEN: { label: 'Open', variant: 'warning' },
  UNLINKED: { label: 'Unlinked', variant: 'success' },
  REASSIGNED: { label: 'Reassigned', variant: 'success' },
  REJECTED: { label: 'Rejected', variant: 'neutral' },
};

const yesNo = (value: boolean | null) => (value === null ? 'Unknown' : value ? 'Yes' : 'No');

export function ClaimCard({ claim }: { claim: AdminUidClaim }) {
  const [open, setOpen] = useState(claim.status === 'OPEN');
  const [action, setAction] = useState<ClaimAction | null>(null);
  const badge = STATUS_BADGE[claim.status];
  return (
    <section aria-label={`Claim for UID ${claim.uid}`}>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <CardTitle>
              UID <span className="font-mono">{claim.uid}</span>
            </CardTitle>
            <CardDescription>Filed {formatDateTime(claim.createdAt)}</CardDescription>
          </div>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </CardHeader>
        <CardContent className="space-y-4">
          <blockquote className="rounded-lg border-l-4 border-primary/40 bg-surface-muted px-4 py-3 text-sm whitespace-pre-wrap text-fg">
            {claim.message}
          </blockquote>
          <div className="grid gap-4 md:grid-cols-2">
            <AccountBox title="Claimant" account={claim.claimant} />
            <AccountBox title="Holds the UID" account={claim.holder} />
          </div>
          {claim.resolutionNote ? (
            <p className="text-sm text-fg-muted">
              Decided {formatDateTime(claim.resolvedAt)}: {claim.resolutionNote}
            </p>
          ) : null}
          {claim.status === 'OPEN' ? (
            <>
              {open ? (
                <ExchangeAnswer id={claim._id} />
              ) : (
                <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
                  Ask BingX about this UID
                </Button>
              )}
              <div className="flex flex-wrap gap-3">
                <Button onClick={() => setAction('REASSIGN')}>Move UID to claimant</Button>
                <Button variant="outline" onClick={() => setAction('UNLINK')}>
                  Unlink from holder
                </Button>
                <Button variant="danger-outline" onClick={() => setAction('REJECT')}>
                  Reject claim
                </Button>
              </div>
            </>
          ) : null}
        </CardContent>
      </Card>
      {action ? (
        <ResolveClaimDialog claim={claim} action={action} onClose={() => setAction(null)} />
      ) : null}
    </section>
  );
}

function AccountBox({
  title,
  account,
}: {
  title: string;
  account: AdminUidClaim['claimant'] | null;
}) {
  return (
    <section aria-label={title} className="space-y-1 rounded-lg border border-border p-3 text-sm">
      <h3 className="font-semibold text-fg">{title}</h3>
      {account ? (
        <>
          <Link
            className="font-medium text-primary hover:underline"
            to={paths.admin.user(account._id)}
          >
            {account.name} ({account.userId})
          </Link>
          <p className="break-all text-fg-muted">{account.email}</p>
          <p className="text-fg-muted">
            Member since {formatDateTime(account.createdAt)} ·{' '}
            {account.subscriptionPaid ? 'subscription paid' : 'subscription not paid'}
          </p>
          <p className="text-fg-muted">
            {account.bingXUID ? (
              <>
                UID <span className="font-mono">{account.bingXUID}</span>
                {account.linkedAt ? `, linked ${formatDateTime(account.linkedAt)}` : ''}
              </>
            ) : (
              'No UID linked'
            )}
          </p>
        </>
      ) : (
        <p className="text-fg-muted">Nobody holds it any more.</p>
      )}
    </section>
  );
}

function ExchangeAnswer({ id }: { id: string }) {
  const detail = useUidClaimDetail(id);
  if (detail.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-fg-muted" role="status">
        <Spinner /> Asking BingX...
      </p>
    );
  if (detail.isError)
    return (
      <Alert variant="error">
        {errorMessage(
          detail.error,
          'Failed to load the claim',
          'An error occurred while loading the claim',
        )}
      </Alert>
    );
  const answer = detail.data.exchange;
  if (!answer.available)
    return <Alert variant="warning">BingX could not be asked now: {answer.problem}</Alert>;
  return (
    <section aria-label="What BingX says" className="rounded-lg border border-border p-3 text-sm">
      <h3 className="mb-2 font-semibold text-fg">What BingX says about this UID</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <dt className="text-fg-muted">Invited by us</dt>
        <dd>{yesNo(answer.invited)}</dd>
        <dt className="text-fg-muted">Direct invitation</dt>
        <dd>{yesNo(answer.directInvitation)}</dd>
        <dt className="text-fg-muted">KYC done</dt>
        <dd>{yesNo(answer.kycDone)}</dd>
        <dt className="text-fg-muted">Registered</dt>
        <dd>{answer.registeredAt ? formatDateTime(answer.registeredAt) : 'Unknown'}</dd>
      </dl>
    </section>
  );
}
