import type { AdminWithdrawal } from '@ctn/contracts/withdrawals';
import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { formatUsd, fullName } from '@/lib/format';
import { paths } from '@/lib/paths';

/** The Review action: the request's page at /admin/withdrawals/{_id}. */
export function ReviewLink({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  return (
    <Link
      to={paths.admin.withdrawal(withdrawal._id)}
      className={buttonClasses({ variant: 'outline', size: 'sm' })}
      aria-label={`Review the withdrawal of ${formatUsd(withdrawal.amount)} by ${fullName(withdrawal.user)}`}
    >
      <Eye className="size-4" aria-hidden="true" />
      Review
    </Link>
  );
}
