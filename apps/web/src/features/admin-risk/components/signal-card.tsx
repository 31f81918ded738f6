import { RISK_SIGNAL_LABELS, type RiskSignal } from '@ctn/contracts/risk';
import { Link } from 'react-router';
import { FlaggedLinkActions } from '@/components/admin/uid-review-actions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { refusalText } from '@/lib/refusal-text';
import { useMarkRiskReviewed } from '../api/risk';

const linkClass =
  'rounded font-mono text-xs text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** One risk signal: what, who (each linking to their detail), the evidence, and its review. */
export function SignalCard({ signal }: { signal: RiskSignal }) {
  const mark = useMarkRiskReviewed();
  const label = RISK_SIGNAL_LABELS[signal.kind];
  return (
    <section aria-label={`${label}: ${signal.evidence}`}>
      <Card>
        <CardContent className="space-y-3 py-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-semibold text-fg">{label}</h2>
            {signal.reviewedAt ? (
              <Badge variant="success">
                Reviewed {formatDateTime(signal.reviewedAt)}
                {signal.reviewedBy ? ` by ${signal.reviewedBy}` : ''}
              </Badge>
            ) : (
              <Button
                size="sm"
                variant="outline"
                loading={mark.isPending}
                loadingText="Marking..."
                onClick={() =>
                  mark.mutate(signal.key, { onSuccess: () => toast('Marked reviewed') })
                }
              >
                Mark reviewed
              </Button>
            )}
          </div>
          <p className="text-sm text-fg">{signal.evidence}</p>
          <ul aria-label="Members involved" className="flex flex-wrap gap-x-4 gap-y-1">
            {signal.members.map((member) => (
              <li key={member._id} className="text-xs text-fg-muted">
                <Link
                  to={paths.admin.user(member._id)}
                  className={linkClass}
                  aria-label={`${member.userId}, open ${member.email}`}
                >
                  {member.userId}
                </Link>{' '}
                {member.email}
              </li>
            ))}
          </ul>
          {signal.kind === 'FLAGGED_UID_LINK' && signal.members[0] && !signal.reviewedAt ? (
            <FlaggedLinkActions userId={signal.members[0]._id} />
          ) : null}
          <p className="text-xs text-fg-muted">
            First seen {formatDateTime(signal.firstSeenAt)} · last seen{' '}
            {formatDateTime(signal.lastSeenAt)}
          </p>
          {mark.isError ? (
            <p role="alert" className="text-sm text-danger">
              {refusalText(
                mark.error,
                'Failed to mark the signal reviewed',
                'An error occurred while marking the signal reviewed',
              )}
            </p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
