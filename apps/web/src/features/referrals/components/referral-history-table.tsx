import type { ReferralItem } from '@ctn/contracts/referrals';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDate, initials } from '@/lib/format';
import { MemberStatusBadge } from './member-status-badge';

const COLUMNS = [
  'User',
  'Level',
  'Status',
  'Subscription',
  'Linked exchange account',
  'Joined',
] as const;

/**
 * The Referral History table. One table for every width: on phones each row wraps into a
 * compact card (name and email, then its badges, then the join date; explicit row and cell roles
 * keep it a table for assistive technology); from `md` up it is a plain table whose user column
 * takes the room left and truncates long emails.
 */
export function ReferralHistoryTable({ referrals }: { referrals: ReferralItem[] }) {
  return (
    <div className="overflow-x-auto">
      {/* Fixed layout on phones: the table is the card's width, so a long email truncates in its
          row instead of widening the table (rows are flex boxes there); auto from md up. */}
      <table
        className="w-full table-fixed text-left text-sm md:table-auto"
        aria-label="Referral history"
      >
        <thead className="hidden bg-surface-muted text-fg-muted md:table-header-group">
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className="px-3 py-3 text-xs font-semibold tracking-wide whitespace-nowrap uppercase first:pl-6 last:pr-6"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {referrals.map((referral) => (
            <tr
              key={referral._id}
              role="row"
              className="flex flex-wrap items-center gap-2 px-4 py-4 transition-colors hover:bg-surface-muted/50 sm:px-6 md:table-row md:p-0"
            >
              <Cell fill className="mb-1 md:mb-0">
                <div className="flex min-w-0 items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-bold text-primary-soft-fg"
                  >
                    {initials(referral.firstName, referral.lastName)}
                  </span>
                  <div className="min-w-0">
                    <p className="truncate font-medium text-fg">{referral.name}</p>
                    <p className="truncate text-fg-muted">{referral.email}</p>
                  </div>
                </div>
              </Cell>
              <Cell>
                <Badge variant="info">Level {referral.level}</Badge>
              </Cell>
              <Cell>
                <MemberStatusBadge status={referral.status} />
              </Cell>
              <Cell>
                <Badge variant={referral.subscriptionPaid ? 'success' : 'warning'}>
                  {referral.subscriptionPaid ? 'Paid' : 'Pending'}
                </Badge>
                {referral.subscriptionTimestamp ? (
                  <span className="ml-1.5 text-xs text-fg-subtle md:mt-1 md:ml-0 md:block">
                    {formatDate(referral.subscriptionTimestamp)}
                  </span>
                ) : null}
              </Cell>
              <Cell>
                <Badge variant={referral.bingxLinked ? 'primary' : 'neutral'}>
                  <span className="md:hidden">BingX </span>
                  {referral.bingxLinked ? 'Linked' : 'Not Linked'}
                </Badge>
              </Cell>
              <Cell className="w-full text-xs text-fg-subtle md:text-sm md:text-fg-muted">
                <span className="md:hidden">Joined </span>
                {formatDate(referral.joinedAt)}
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A cell; `fill` takes the width the other (as narrow as possible) columns leave. */
function Cell({
  fill = false,
  className,
  children,
}: {
  fill?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      role="cell"
      className={cn(
        'align-middle whitespace-nowrap md:table-cell md:px-3 md:py-3 md:first:pl-6 md:last:pr-6',
        // min-w-0: as a phone row's flex item it may be narrower than its email (which truncates).
        fill ? 'w-full min-w-0 md:max-w-0' : 'md:w-px',
        className,
      )}
    >
      {children}
    </td>
  );
}
