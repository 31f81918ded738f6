import type { CycleStatus } from '@ctn/contracts/cycles';
import { Badge } from '@/components/ui/badge';
import { STATUS_BADGES } from './cycle-labels';

/** DRAFT grey, RUNNING blue, COMPLETED green, FAILED red. */
export function CycleStatusBadge({ status }: { status: CycleStatus }) {
  return (
    <Badge
      variant={STATUS_BADGES[status]}
      data-status={status}
      data-variant={STATUS_BADGES[status]}
    >
      {status}
    </Badge>
  );
}
