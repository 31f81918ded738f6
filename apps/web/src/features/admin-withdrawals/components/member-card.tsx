import type { WithdrawalReview } from '@ctn/contracts/withdrawals';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { formatDateTime, formatUsd, fullName } from '@/lib/format';
import { lockReasonLabel } from '@/lib/admin/lock-reasons';
import { InfoCard, Row } from '@/components/admin/info-card';
import { UserIdLink } from '@/components/admin/member-link';

/**
 * The member behind the request: who, account status, balances, the compliance lock, and a
 * freeze of the member's withdrawals (decision 040), under which approvals are refused.
 */
export function MemberCard({ review }: { review: WithdrawalReview }) {
  const { withdrawal, member } = review;
  const person = withdrawal.user;
  const lock = member.compliance;
  return (
    <InfoCard title="Member">
      <Row label="Name">{fullName(person)}</Row>
      <Row label="Email">{person.email}</Row>
      <Row label="User ID">
        <UserIdLink person={person} />
      </Row>
      <Row label="Account Status">
        <StatusBadge status={member.status} label={member.status} />
      </Row>
      <Row label="Available Balance">{formatUsd(member.availableBalance)}</Row>
      <Row label="Locked Balance">{formatUsd(member.lockedBalance)}</Row>
      <Row label="Pending Balance">{formatUsd(member.pendingBalance)}</Row>
      <Row label="Total Earned">{formatUsd(member.totalEarned)}</Row>
      <Row label="Total Withdrawn">{formatUsd(member.totalWithdrawn)}</Row>
      <Row label="Compliance">
        {lock.locked ? (
          <span className="flex flex-col gap-1 sm:items-end">
            <Badge variant="danger">Earnings locked</Badge>
            {lock.lockedSince ? (
              <span className="text-xs font-normal text-fg-muted">
                Since {formatDateTime(lock.lockedSince)}
              </span>
            ) : null}
            {lock.reasons.length > 0 ? (
              <ul className="space-y-0.5 text-xs font-normal text-danger">
                {lock.reasons.map((reason) => (
                  <li key={reason}>{lockReasonLabel(reason)}</li>
                ))}
              </ul>
            ) : null}
          </span>
        ) : (
          <Badge variant="success">Compliant</Badge>
        )}
      </Row>
      {member.withdrawalsFrozen ? (
        <Row label="Withdrawals">
          <span className="flex flex-col gap-1 sm:items-end">
            <Badge variant="danger">Frozen</Badge>
            <span className="text-xs font-normal text-danger">
              {member.withdrawalsFrozen.until === null
                ? 'Frozen by the member from a mail link: approve nothing until an administrator lifts it on the member page.'
                : `After a second-factor reset, until ${formatDateTime(member.withdrawalsFrozen.until)}: approve after that.`}
            </span>
          </span>
        </Row>
      ) : null}
    </InfoCard>
  );
}
