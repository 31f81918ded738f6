import type { WithdrawalStatus as Status } from '@ctn/contracts/constants';
import { StatusBadge } from '@/components/ui/badge';
import { statusText } from '@/lib/admin/format';

/** The status badge in the spec's colour (BLOCKED_COMPLIANCE reads 'BLOCKED COMPLIANCE'). */
export function WithdrawalStatusBadge({ status }: { status: Status }) {
  return <StatusBadge status={status} label={statusText(status)} />;
}

/** The badge with the reason of a rejection or block under it, in red. */
export function WithdrawalStatus({ status, reason }: { status: Status; reason: string | null }) {
  return (
    <>
      <WithdrawalStatusBadge status={status} />
      {reason ? (
        <p className="mt-1 max-w-56 text-xs whitespace-normal text-danger">{reason}</p>
      ) : null}
    </>
  );
}
