import { MICRO_USDT_PER_USDT } from '@ctn/contracts/constants';
import type { AdminClaim, ClaimEvidence } from '@ctn/contracts/operator';
import { CLAIM_KIND_LABELS } from '@ctn/contracts/operator-facts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime, formatUsdt } from '@/lib/format';
import { useAdminClaims, useConfirmClaim, useSaveClaim } from '../api/operator-settings';

const usdtOf = (micro: string) => formatUsdt(Number(micro) / MICRO_USDT_PER_USDT);

/**
 * The public pages' marketing claims in the operator's words (decision 049). A return, ranking,
 * partnership or availability claim shows only once an administrator confirms it can be
 * substantiated; the disclosure's real figures stand beside the return claims.
 */
export function ClaimsCard() {
  const claims = useAdminClaims();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Marketing Claims</CardTitle>
        <CardDescription>
          Every claim of the public pages, shipped with the specification&rsquo;s text. Claims about
          returns, rank, a partnership or availability stay hidden, with a link to the earnings
          disclosure in their place, until you confirm you can substantiate them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {claims.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading the claims...</span>
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : claims.isError ? (
          <div className="space-y-3">
            <Alert variant="error">
              {errorMessage(claims.error, 'The claims could not be loaded')}
            </Alert>
            <Button variant="outline" onClick={() => void claims.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {claims.data.claims.map((claim) => (
              <ClaimRow key={claim.id} claim={claim} evidence={claims.data.evidence} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Evidence({ evidence }: { evidence: ClaimEvidence | null }) {
  if (!evidence)
    return (
      <p className="text-sm text-fg-muted">
        The earnings disclosure has not been built yet: no figures to weigh this claim against.
      </p>
    );
  return (
    <p className="rounded-lg bg-surface-muted p-3 text-sm text-fg" data-testid="claim-evidence">
      Earnings disclosure of {formatDate(`${evidence.day}T12:00:00Z`)}, last {evidence.days} days:
      median member earned <strong>{usdtOf(evidence.medianMicro)}</strong> (90th percentile{' '}
      {usdtOf(evidence.p90Micro)}) against a fee of <strong>{usdtOf(evidence.feeMicro)}</strong>;{' '}
      {evidence.earnedNothing} of {evidence.members} members earned nothing.
    </p>
  );
}

function ClaimRow({ claim, evidence }: { claim: AdminClaim; evidence: ClaimEvidence | null }) {
  const [draft, setDraft] = useState<Record<string, string>>(claim.parts);
  // The inputs only while editing: seventeen claims' fields at once make a heavy page.
  const [editing, setEditing] = useState(false);
  const save = useSaveClaim();
  const confirm = useConfirmClaim();
  const changed = Object.keys(claim.parts).some((k) => draft[k] !== claim.parts[k]);
  return (
    <li className="space-y-3 py-5" aria-label={`${claim.place}: ${Object.values(claim.parts)[0]}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-fg">{claim.place}</span>
        <Badge variant={claim.needsConfirmation ? 'warning' : 'neutral'}>
          {CLAIM_KIND_LABELS[claim.kind]}
        </Badge>
        <Badge variant={claim.shown ? 'success' : 'neutral'}>
          {claim.shown ? 'Shown' : 'Hidden'}
        </Badge>
      </div>
      {claim.kind === 'return' && <Evidence evidence={evidence} />}
      {!editing && (
        <p className="text-sm text-fg" data-testid={`claim-${claim.id}`}>
          {Object.values(claim.parts).join(' · ')}
        </p>
      )}
      {editing && (
        <div className="grid gap-3 sm:grid-cols-3">
          {Object.keys(claim.defaults).map((part) => (
            <Field
              key={part}
              id={`claim-${claim.id}-${part}`}
              label={part}
              className="sm:col-span-1"
            >
              {(control) => (
                <Input
                  {...control}
                  value={draft[part] ?? ''}
                  onChange={(event) => {
                    if (save.isError) save.reset();
                    setDraft((d) => ({ ...d, [part]: event.target.value }));
                  }}
                />
              )}
            </Field>
          ))}
        </div>
      )}
      {claim.needsConfirmation && (
        <p className="text-sm text-fg-muted">
          {claim.confirmation
            ? `Confirmed as substantiated by ${claim.confirmation.byEmail} on ${formatDateTime(claim.confirmation.at)}.`
            : 'Not confirmed: hidden from the public pages.'}
          {claim.confirmation && changed && ' Saving new words withdraws this confirmation.'}
        </p>
      )}
      {(save.isError || confirm.isError) && (
        <Alert variant="error">
          {errorMessage(save.error ?? confirm.error, 'The claim could not be saved')}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        {editing ? (
          <>
            <Button
              size="sm"
              disabled={!changed}
              loading={save.isPending}
              loadingText="Saving..."
              onClick={() =>
                save.mutate(
                  { id: claim.id, input: draft },
                  {
                    onSuccess: () => {
                      toast('Claim saved');
                      setEditing(false);
                    },
                  },
                )
              }
            >
              Save text
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setDraft(claim.parts);
                save.reset();
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Edit text
          </Button>
        )}
        {claim.needsConfirmation && (
          <Button
            size="sm"
            variant={claim.confirmation ? 'outline' : 'primary'}
            disabled={changed}
            loading={confirm.isPending}
            loadingText="Saving..."
            onClick={() =>
              confirm.mutate(
                { id: claim.id, input: !claim.confirmation },
                {
                  onSuccess: (saved) =>
                    toast(
                      saved.shown ? 'Claim confirmed: shown' : 'Confirmation withdrawn: hidden',
                    ),
                },
              )
            }
          >
            {claim.confirmation ? 'Withdraw confirmation' : 'Confirm it can be substantiated'}
          </Button>
        )}
      </div>
    </li>
  );
}
