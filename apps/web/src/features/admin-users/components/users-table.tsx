import type { AdminUserListItem } from '@ctn/contracts/admin';
import { CircleCheck, CircleX, Eye, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  TableActionsCell,
  TableActionsHeaderCell,
} from '@/components/ui/table';
import { formatDateTime, fullName } from '@/lib/format';
import { paths } from '@/lib/paths';

function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return value ? (
    <span className="inline-flex items-center gap-1 text-success-soft-fg">
      <CircleCheck className="size-4" aria-hidden="true" />
      {yes}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-fg-muted">
      <CircleX className="size-4" aria-hidden="true" />
      {no}
    </span>
  );
}

export function UsersTable({
  users,
  onEditStatus,
}: {
  users: AdminUserListItem[];
  onEditStatus: (user: AdminUserListItem) => void;
}) {
  return (
    <Table label="Users">
      <TableHead>
        <tr>
          <TableHeaderCell>Member</TableHeaderCell>
          <TableHeaderCell>User ID · Joined</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Subscription</TableHeaderCell>
          <TableHeaderCell>BingX UID</TableHeaderCell>
          <TableActionsHeaderCell>Actions</TableActionsHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {users.map((user) => {
          const name = fullName(user);
          return (
            <TableRow key={user._id}>
              {/* Paired values share a cell (email under name, joined under ID, verification
                  under status) and long ones are cut with the whole text on hover: the table
                  and its actions fit at 1280 px. */}
              <TableCell className="max-w-64">
                <span className="block truncate font-medium" title={name}>
                  {name}
                </span>
                <span className="block truncate text-xs text-fg-muted" title={user.email}>
                  {user.email}
                </span>
              </TableCell>
              <TableCell>
                <span className="block font-mono text-xs">{user.userId}</span>
                <span className="block text-xs whitespace-nowrap text-fg-muted">
                  {formatDateTime(user.createdAt)}
                </span>
              </TableCell>
              <TableCell>
                <StatusBadge status={user.status} label={user.status} />
                <span className="mt-1 block text-xs">
                  <YesNo value={user.isEmailVerified} yes="Verified" no="Unverified" />
                </span>
              </TableCell>
              <TableCell>
                <YesNo value={user.subscriptionFee.paid} yes="Paid" no="Unpaid" />
              </TableCell>
              <TableCell className="font-mono text-xs">
                {user.bingXUID ?? <span className="text-fg-subtle">Not linked</span>}
              </TableCell>
              <TableActionsCell>
                <div className="flex items-center gap-1.5">
                  <Link
                    to={paths.admin.user(user._id)}
                    className={buttonClasses({ variant: 'outline', size: 'sm' })}
                    aria-label={`View ${name}`}
                  >
                    <Eye className="size-4" aria-hidden="true" />
                    View
                  </Link>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onEditStatus(user)}
                    aria-label={`Edit status of ${name}`}
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                    Edit
                  </Button>
                </div>
              </TableActionsCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
