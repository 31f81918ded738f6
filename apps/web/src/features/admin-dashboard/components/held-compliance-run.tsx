import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { useAcknowledgeHeldRun, useComplianceStatus } from '@/lib/admin/compliance-status';
import { refusalText } from '@/lib/refusal-text';

/**
 * A compliance run that applied nothing because it looked wrong (too many locks at once, all
 * copy trading gone): shown on the dashboard until an administrator acknowledges it.
 */
export function HeldComplianceRun() {
  const status = useComplianceStatus();
  const acknowledge = useAcknowledgeHeldRun();
  const held = status.data?.heldRun;
  if (!held) return null;
  return (
    <Alert variant="warning" title="Compliance run held: nothing was locked or forfeited">
      <div className="space-y-3">
        <p>
          The run of {formatDateTime(held.startedAt)} was not applied. {held.reason} Linked members:{' '}
          {held.linkedMembers}; the exchange gave nothing usable for {held.unknownMembers}. Check
          the BingX API key and version before the next run.
        </p>
        {acknowledge.isError ? (
          <p className="text-danger">
            {refusalText(
              acknowledge.error,
              'Failed to acknowledge the alert',
              'An error occurred while acknowledging the alert',
            )}
          </p>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          loading={acknowledge.isPending}
          loadingText="Acknowledging..."
          onClick={() => acknowledge.mutate(held.id)}
        >
          Acknowledge
        </Button>
      </div>
    </Alert>
  );
}
