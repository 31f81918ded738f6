import type { AdminUserDetail } from '@ctn/contracts/admin';
import { FilterSelect } from '@/components/filter-bar';
import { StatusBadge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime, formatUsd } from '@/lib/format';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { StatCard } from '@/components/ui/stat-card';
import { cycleText } from '@/lib/admin/format';
import { num, personName, str } from '../lib/records';

/** The Rewards tab's type filter: '' for all types. */
export type RewardTypeFilter = '' | 'DIRECT' | 'DOWNLINE';

const TYPE_OPTIONS = [
  { value: 'DIRECT', label: 'Direct' },
  { value: 'DOWNLINE', label: 'Downline' },
];

/** The Rewards tab: statistics, a type filter the server applies, the table and its pages. */
export function UserRewardsTab({
  rewards,
  onPage,
  type,
  onType,
}: {
  rewards: AdminUserDetail['rewards'];
  onPage: (page: number) => void;
  type: RewardTypeFilter;
  onType: (type: RewardTypeFilter) => void;
}) {
  const rows = rewards.data;
  const { statistics: stats, pagination } = rewards;
  return (
    <div className="space-y-4">
      <section aria-label="Reward statistics" className="grid gap-3 sm:grid-cols-3">
        <StatCard label="Total Amount" value={formatUsd(stats.totalRewardAmount)} />
        <StatCard label="Direct Rewards" value={stats.directRewardsCount} />
        <StatCard label="Downline Rewards" value={stats.downlineRewardsCount} />
      </section>
      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-5 pb-4 sm:px-6">
          <h2 className="text-lg font-semibold text-fg">Rewards</h2>
          <FilterSelect
            label="Type"
            allLabel="All Types"
            options={TYPE_OPTIONS}
            value={type}
            onChange={(value) => onType(value as RewardTypeFilter)}
          />
        </div>
        <div className="border-t border-border p-4 sm:p-6">
          <Table label="User rewards">
            <TableHead>
              <tr>
                <TableHeaderCell>Type</TableHeaderCell>
                <TableHeaderCell>Level</TableHeaderCell>
                <TableHeaderCell>Amount</TableHeaderCell>
                <TableHeaderCell>Master Amount</TableHeaderCell>
                <TableHeaderCell>Cycle</TableHeaderCell>
                <TableHeaderCell>Date</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableEmpty colSpan={6}>No rewards found</TableEmpty>
              ) : (
                rows.map((r, i) => {
                  const from = personName(r.downlineUser);
                  return (
                    <TableRow key={str(r._id) || i}>
                      <TableCell>
                        <StatusBadge status={str(r.type)} label={str(r.type)} />
                        {from ? <p className="mt-1 text-xs text-fg-muted">From: {from}</p> : null}
                      </TableCell>
                      <TableCell>{num(r.level)}</TableCell>
                      <TableCell className="tabular-nums">
                        {formatUsd(num(r.rewardAmount))}
                        <span className="ml-1 text-xs text-fg-muted">({num(r.percent)}%)</span>
                      </TableCell>
                      <TableCell className="tabular-nums">
                        {formatUsd(num(r.masterAmount))}
                      </TableCell>
                      {/* A DIRECT reward comes from a payment, not a cycle: "—", never "#0". */}
                      <TableCell>{cycleText(num(r.cycle) > 0 ? num(r.cycle) : null)}</TableCell>
                      <TableCell className="text-fg-muted">
                        {formatDateTime(str(r.createdAt))}
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </div>
        <SimplePagination
          label="Rewards pages"
          pagination={pagination}
          onPage={onPage}
          summary={`Showing ${rows.length} of ${stats.total} rewards`}
        />
      </Card>
    </div>
  );
}
