import { FUNNEL_STAGES } from '@ctn/contracts/referrals';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatUsdt } from '@/lib/format';
import { useReferralFunnel } from '../api/get-referral-funnel';
import { STAGE_LABELS, stepWord } from '../lib/funnel';

/**
 * Where each person the member invited got to (registered, verified, paid, linked, trading) and
 * what the member earned from them, with the counts per stage over all of them.
 */
export function InviteeFunnel() {
  const [page, setPage] = useState(1);
  const funnel = useReferralFunnel(page);
  return (
    <Card>
      <div className="space-y-1 p-6 pb-0">
        <CardTitle>Your invitees, step by step</CardTitle>
        <CardDescription>
          The people you invited directly, how far each got, and what you earned from each. Trading
          shows Unknown until the exchange has told us.
        </CardDescription>
      </div>
      <CardContent className="space-y-4">
        {funnel.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : funnel.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <Alert variant="error">Failed to load your invitees</Alert>
            <Button variant="outline" size="sm" onClick={() => void funnel.refetch()}>
              Retry
            </Button>
          </div>
        ) : funnel.data.summary.invitees === 0 ? (
          <p className="text-sm text-fg-muted">No invitees yet: share your link to start.</p>
        ) : (
          <>
            <ol aria-label="Invitees per stage" className="grid grid-cols-2 gap-2 sm:grid-cols-5">
              {FUNNEL_STAGES.map((stage) => (
                <li key={stage} className="rounded-xl border border-border p-3">
                  <p className="text-xs text-fg-muted">{STAGE_LABELS[stage]}</p>
                  <p className="text-lg font-semibold text-fg tabular-nums">
                    {funnel.data.summary[stage]}
                  </p>
                  {stage === 'trading' && funnel.data.summary.tradingUnknown > 0 ? (
                    <p className="text-xs text-fg-muted">
                      {funnel.data.summary.tradingUnknown} unknown
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
            <ul aria-label="Invitees" className="space-y-3">
              {funnel.data.invitees.map((invitee) => (
                <li key={invitee._id} className="rounded-xl border border-border p-4 text-sm">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="font-semibold text-fg">{invitee.name}</span>
                    <span className="tabular-nums">Earned {formatUsdt(invitee.earned)}</span>
                  </div>
                  <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-5">
                    {FUNNEL_STAGES.map((stage) => {
                      const step = invitee.stages[stage];
                      return (
                        <div key={stage}>
                          <dt className="text-xs text-fg-muted">{STAGE_LABELS[stage]}</dt>
                          <dd className="text-fg">
                            {stepWord(step)}
                            {step.at ? (
                              <span className="text-fg-muted"> · {formatDate(step.at)}</span>
                            ) : null}
                          </dd>
                        </div>
                      );
                    })}
                  </dl>
                </li>
              ))}
            </ul>
            {funnel.data.pagination.totalPages > 1 ? (
              <div className="flex items-center gap-3">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!funnel.data.pagination.hasPrevPage}
                  onClick={() => setPage(page - 1)}
                >
                  Previous
                </Button>
                <span className="text-sm text-fg-muted">
                  Page {page} of {funnel.data.pagination.totalPages}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!funnel.data.pagination.hasNextPage}
                  onClick={() => setPage(page + 1)}
                >
                  Next
                </Button>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
