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
} from '@/components/ui/table';
import { formatDateTime, fullName } from '@/lib/format';

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
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Email</TableHeaderCell>
          <TableHeaderCell>User ID</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Verified</TableHeaderCell>
          <TableHeaderCell>Subscription</TableHeaderCell>
          <TableHeaderCell>BingX UID</TableHeaderCell>
          <TableHeaderCell>Joined</TableHeaderCell>
          <TableHeaderCell>Actions</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {users.map((user) => {
          const name = fullName(user);
          return (
            <TableRow key={user._id}>
              <TableCell className="font-medium">{name}</TableCell>
              <TableCell className="text-fg-muted">{user.email}</TableCell>
              <TableCell className="font-mono text-xs">{user.userId}</TableCell>
              <TableCell>
                <StatusBadge status={user.status} label={user.status} />
              </TableCell>
              <TableCell>
                <YesNo value={user.isEmailVerified} yes="Verified" no="Unverified" />
              </TableCell>
              <TableCell>
                <YesNo value={user.subscriptionFee.paid} yes="Paid" no="Unpaid" />
              </TableCell>
              <TableCell className="font-mono text-xs">
                {user.bingXUID ?? <span className="text-fg-subtle">Not linked</span>}
              </TableCell>
              <TableCell className="text-fg-muted">{formatDateTime(user.createdAt)}</TableCell>
              <TableCell>
                <div className="flex items-center gap-1.5">
                  <Link
                    to={`/admin/users/${user._id}`}
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
                    Edit status
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
