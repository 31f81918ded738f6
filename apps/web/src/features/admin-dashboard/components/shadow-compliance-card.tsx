import { Link } from 'react-router';
import { ShadowRunFigures } from '@/components/admin/shadow-run-figures';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useComplianceStatus } from '@/lib/admin/compliance-status';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';

/**
 * Shadow compliance on the dashboard (decision 038): while compliance runs in shadow, what its
 * last run would have done, with a link to each decision; after the switch, the last shadow run
 * for reference. And, in either mode, the hold of COPYING_STOPPED while no linked member has
 * ever shown copy-trading volume.
 */
export function ShadowComplianceCard() {
  const status = useComplianceStatus();
  if (status.isPending) return null;
  if (!status.data)
    return (
      <Alert variant="error">
        <span className="flex flex-wrap items-center justify-between gap-3">
          {errorMessage(
            status.error,
            'Failed to fetch the compliance status',
            'An error occurred while fetching the compliance status',
          )}
          {/* Named apart from the statistics' Retry, which the spec gives that exact name. */}
          <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
            Reload compliance status
          </Button>
        </span>
      </Alert>
    );
  const { mode, lastShadowRun, copyingHold } = status.data;
  const shadow = mode.effective === 'shadow';
  return (
    <>
      {copyingHold ? (
        <Alert variant="warning" title="Copy trading is not enforced yet">
          No linked member has shown copy-trading volume yet, so nobody is locked for copying
          stopped ({copyingHold.copyingHeld} of {copyingHold.linkedMembers} linked members show none
          in the run of {formatDateTime(copyingHold.startedAt)}). Other reasons still apply. Check
          on the{' '}
          <Link to={paths.admin.exchange} className="font-semibold underline">
            exchange page
          </Link>{' '}
          which volume field moves for a member you know copies.
        </Alert>
      ) : null}
      {shadow || lastShadowRun ? (
        <Card>
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              Shadow compliance
              <Badge variant={shadow ? 'warning' : 'success'}>
                {shadow ? 'Shadow mode' : 'Enforced'}
              </Badge>
            </CardTitle>
            <CardDescription>
              {shadow
                ? 'Each daily run records what it would do and changes nothing. Switch to enforce in Admin Settings once the decisions are right.'
                : 'Compliance is enforced. The last shadow run, for reference.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            {lastShadowRun ? (
              <>
                <ShadowRunFigures run={lastShadowRun} />
                <Link
                  to={paths.admin.complianceRun(lastShadowRun.id)}
                  className="inline-block text-sm font-semibold text-primary underline-offset-2 hover:underline"
                >
                  Review the decisions
                </Link>
              </>
            ) : (
              <p className="text-sm text-fg-muted">
                No shadow run yet: the first one runs with the daily compliance check.
              </p>
            )}
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
