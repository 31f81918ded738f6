import type { AdminUserDetail } from '@ctn/contracts/admin';
import { CircleCheck, CircleX } from 'lucide-react';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TxLink } from '@/components/explorer-links';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime, formatUsd, fullName, shorten } from '@/lib/format';
import { InfoCard, Row } from '@/components/admin/info-card';
import { paths } from '@/lib/paths';

/** The Overview tab: basic, referral (when referred) and subscription information. */
export function UserOverview({ user }: { user: AdminUserDetail }) {
  const referrer = user.referredBy;
  const sub = user.subscriptionFee;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <InfoCard title="Basic Information">
        <Row label="Full Name">{fullName(user)}</Row>
        <Row label="Email">
          <span className="inline-flex items-center gap-1.5">
            {user.email}
            {user.isEmailVerified ? (
              <CircleCheck
                className="size-4 text-success-soft-fg"
                aria-label="Verified"
                role="img"
              />
            ) : (
              <CircleX className="size-4 text-danger" aria-label="Unverified" role="img" />
            )}
          </span>
        </Row>
        <Row label="User ID">
          <span className="font-mono">{user.userId}</span>
        </Row>
        <Row label="Status">
          <StatusBadge status={user.status} label={user.status} />
        </Row>
        <Row label="Exchange UID">
          {user.bingXUID ? (
            <span className="font-mono">{user.bingXUID}</span>
          ) : (
            <span className="text-fg-subtle">Not linked</span>
          )}
        </Row>
        <Row label="Joined">{formatDateTime(user.createdAt)}</Row>
        {referrer ? (
          <Row label="Referred By">
            {fullName(referrer)}{' '}
            <span className="font-mono text-fg-muted">({referrer.userId})</span>
          </Row>
        ) : null}
        <Row label="Last Updated">{formatDateTime(user.updatedAt)}</Row>
      </InfoCard>

      <div className="space-y-4">
        {referrer ? (
          <InfoCard title="Referral Information">
            <Row label="Referred By">
              <Link to={paths.admin.user(referrer._id)} className="text-primary hover:underline">
                {fullName(referrer)}
              </Link>
            </Row>
            <Row label="Referrer ID">
              <span className="font-mono">{referrer.userId}</span>
            </Row>
            <Row label="Total Referrals">{user.referralStats.totalReferrals}</Row>
            <Row label="Direct Referrals">{user.referralStats.directReferrals}</Row>
          </InfoCard>
        ) : null}

        <Card>
          <CardHeader>
            <CardTitle>Subscription Information</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 pt-3">
            <dl className="divide-y divide-border">
              <Row label="Subscription">
                <StatusBadge
                  status={sub.hasPaid ? 'APPROVED' : 'REJECTED'}
                  label={sub.hasPaid ? 'Paid' : 'Unpaid'}
                />
              </Row>
              {sub.amount !== null ? <Row label="Amount">{formatUsd(sub.amount)}</Row> : null}
              {sub.timestamp ? (
                <Row label="Payment Date">{formatDateTime(sub.timestamp)}</Row>
              ) : null}
            </dl>
          </CardContent>
        </Card>
      </div>
      {/* Full width: the payments table keeps its columns in view beside nothing else. */}
      {user.subscriptionPayments.length > 0 ? (
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Subscription Payments</CardTitle>
          </CardHeader>
          <CardContent className="pt-3">
            <Table label="Subscription payments">
              <TableHead>
                <tr>
                  <TableHeaderCell>Date</TableHeaderCell>
                  <TableHeaderCell>Amount</TableHeaderCell>
                  <TableHeaderCell>Transaction</TableHeaderCell>
                  <TableHeaderCell>Period</TableHeaderCell>
                </tr>
              </TableHead>
              <TableBody>
                {user.subscriptionPayments.map((p) => (
                  <TableRow key={p._id}>
                    <TableCell>{formatDateTime(p.creditedAt)}</TableCell>
                    <TableCell className="tabular-nums">{formatUsd(p.amount)}</TableCell>
                    <TableCell>
                      <TxLink
                        explorerUrl={user.explorerUrl}
                        hash={p.transactionHash}
                        text={shorten(p.transactionHash, 10, 8)}
                      />
                    </TableCell>
                    <TableCell className="text-fg-muted">
                      {p.paidUntil
                        ? `${p.periodsAdded} × 30 days, until ${formatDateTime(p.paidUntil)}`
                        : 'Credit only'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
