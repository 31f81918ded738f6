import { RefreshButton } from '@/components/ui/refresh-button';
import { isApiError } from '@/lib/api-client';
import { Banknote, ChevronRight, CircleCheck, Clock, Gift, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useOverallStats } from '../api/get-overall-stats';
import { DashboardCharts } from '../components/daily-chart';
import { HeldComplianceRun } from '../components/held-compliance-run';
import { LaunchChecklistCard } from '../components/launch-checklist-card';
import { ShadowComplianceCard } from '../components/shadow-compliance-card';
import { MailOutboxCard } from '../components/mail-outbox-card';
import { SiteSetupNotice } from '../components/site-setup-notice';
import { SupportUnsetNotice } from '../components/support-unset-notice';
import { ExchangeStatusCard } from '@/components/admin/exchange-status-card';
import { StatCard } from '@/components/ui/stat-card';
import { statusText } from '@/lib/admin/format';

function RecentList({
  title,
  empty,
  children,
  count,
}: {
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      <div className="px-4 pt-5 pb-3 sm:px-6">
        <CardTitle>{title}</CardTitle>
      </div>
      {count === 0 ? (
        <p className="border-t border-border px-6 py-10 text-center text-fg-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-border border-t border-border">{children}</ul>
      )}
    </Card>
  );
}

const rowLink =
  'flex items-center gap-3 px-4 py-3 transition-colors hover:bg-surface-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-6';

/**
 * /admin and /admin/dashboard: six statistics, charts of the last 30 days, recent withdrawals and
 * recent users, and the launch checklist.
 */
export function AdminDashboardPage() {
  const stats = useOverallStats();
  const data = stats.data;
  const refreshing = stats.isFetching && !stats.isPending;
  const retry = () => void stats.refetch();

  return (
    <div className="space-y-6">
      <PageTitle title="Admin Dashboard" />
      <header className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Admin Dashboard</h1>
          <p className="text-fg-muted">Overview &amp; Analytics</p>
        </div>
        <RefreshButton
          onClick={retry}
          refreshing={refreshing}
          disabled={refreshing || stats.isPending}
        />
      </header>

      <HeldComplianceRun />
      <ShadowComplianceCard />
      <SupportUnsetNotice />
      <SiteSetupNotice />

      {stats.isPending ? (
        <p className="flex items-center justify-center gap-2 py-16 text-fg-muted" role="status">
          <Spinner />
          Loading dashboard...
        </p>
      ) : stats.isError && !data ? (
        <div className="space-y-3">
          <Alert variant="error">
            {isApiError(stats.error)
              ? 'Failed to fetch dashboard statistics'
              : 'Failed to load dashboard data'}
          </Alert>
          <Button variant="outline" onClick={retry}>
            Retry
          </Button>
        </div>
      ) : data ? (
        <>
          <section
            aria-label="Platform Statistics"
            className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3"
          >
            <StatCard label="Total Users" value={data.users.totalUsers} icon={Users} />
            <StatCard
              label="Completed Onboarding"
              value={data.users.completedOnboarding}
              icon={CircleCheck}
            />
            <StatCard label="New Users Today" value={data.users.newUsersToday} icon={UserPlus} />
            <StatCard
              label="Pending Withdrawals"
              value={data.withdrawals.pendingCount}
              icon={Clock}
            />
            <StatCard
              label="Withdrawals Amount"
              value={formatUsd(data.withdrawals.totalAmount)}
              icon={Banknote}
            />
            <StatCard
              label="Rewards Distributed"
              value={formatUsd(data.rewards.totalDistributed)}
              icon={Gift}
            />
          </section>

          <DashboardCharts series={data.series} />
          <div className="grid gap-4 lg:grid-cols-2">
            <ExchangeStatusCard />
            <MailOutboxCard />
          </div>

          <div className="grid gap-4 lg:grid-cols-2">
            <RecentList
              title="Recent Withdrawals"
              empty="No recent withdrawals"
              count={data.recentWithdrawals.length}
            >
              {data.recentWithdrawals.map((w) => (
                <li key={w._id}>
                  <Link to={paths.admin.withdrawal(w._id)} className={rowLink}>
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium text-fg">{w.user.name}</p>
                      <p className="text-xs text-fg-muted">{formatDateTime(w.createdAt)}</p>
                    </div>
                    <div className="flex flex-col items-end gap-1">
                      <span className="font-semibold text-fg tabular-nums">
                        {formatUsd(w.amount)}
                      </span>
                      <StatusBadge status={w.status} label={statusText(w.status)} />
                    </div>
                    <ChevronRight className="size-4 text-fg-subtle" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </RecentList>
            <RecentList
              title="Recent Users"
              empty="No recent users"
              count={data.recentJoinedUsers.length}
            >
              {data.recentJoinedUsers.map((u) => (
                <li key={u._id}>
                  <Link to={paths.admin.user(u._id)} className={rowLink}>
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium text-fg">{u.name}</p>
                      <p className="truncate text-xs text-fg-muted">{u.email}</p>
                    </div>
                    <div className="flex flex-col items-end gap-1 text-right">
                      <span className="text-xs text-fg-muted">{formatDateTime(u.joinedAt)}</span>
                      <StatusBadge
                        status={u.onboardingCompleted ? 'APPROVED' : 'PENDING'}
                        label={u.onboardingCompleted ? 'Onboarded' : 'Onboarding'}
                      />
                    </div>
                    <ChevronRight className="size-4 text-fg-subtle" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </RecentList>
          </div>
        </>
      ) : null}

      <LaunchChecklistCard />
    </div>
  );
}
