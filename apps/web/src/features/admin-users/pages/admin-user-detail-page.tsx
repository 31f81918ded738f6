import { RefreshButton } from '@/components/ui/refresh-button';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, DollarSign, Users, Wallet, Banknote } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatUsd, fullName } from '@/lib/format';
import { adminUserDetailKeys, useAdminUserDetail } from '../api/get-admin-user-detail';
import { StatCard, StatGrid } from '@/components/ui/stat-card';
import { UserOverview } from '../components/user-overview';
import { WithdrawalFreezeNotice } from '../components/withdrawal-freeze-notice';
import { SecondFactorReset } from '../components/second-factor-reset';
import { UserRewardsTab, type RewardTypeFilter } from '../components/user-rewards-tab';
import {
  UserWithdrawalsTab,
  type WithdrawalStatusFilter,
} from '../components/user-withdrawals-tab';
import { isValidId } from '@/lib/admin/route-ids';
import { BalanceEquation } from '@/components/money/balance-equation';
import { UidReviewNotice } from '../components/uid-review-notice';
import { paths } from '@/lib/paths';

const tabClass = 'flex-auto sm:flex-none max-sm:px-2! max-sm:text-xs!';

/** /admin/users/{id}: summary cards and the Overview, Rewards and Withdrawals tabs. */
export function AdminUserDetailPage() {
  const { id = '' } = useParams();
  const valid = isValidId(id);
  const queryClient = useQueryClient();
  const [rewardsPage, setRewardsPage] = useState(1);
  const [withdrawalsPage, setWithdrawalsPage] = useState(1);
  const [rewardType, setRewardType] = useState<RewardTypeFilter>('');
  const [withdrawalStatus, setWithdrawalStatus] = useState<WithdrawalStatusFilter>('');
  // The filters go to the server, which pages the filtered records; a new filter starts at page 1.
  const detail = useAdminUserDetail(
    {
      id,
      rewardsPage,
      withdrawalsPage,
      rewardType: rewardType || undefined,
      withdrawalStatus: withdrawalStatus || undefined,
    },
    valid,
  );
  const user = detail.data;
  const refreshing = detail.isFetching && !detail.isPending;
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: adminUserDetailKeys.user(id) });

  const back = (
    <Link to={paths.admin.users} className={buttonClasses({ variant: 'outline' })}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Users
    </Link>
  );

  if (!valid) {
    return (
      <div className="space-y-6">
        <PageTitle title="User Details" />
        {back}
        <Alert variant="error">Invalid user ID</Alert>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <PageTitle title={user ? fullName(user) : 'User Details'} />
      <header className="flex flex-wrap items-center justify-between gap-3">
        {back}
        <div className="flex flex-wrap items-center gap-3">
          {user?.twoFactorEnabled ? (
            <SecondFactorReset userId={user._id} name={fullName(user)} />
          ) : null}
          <RefreshButton onClick={refresh} refreshing={refreshing} />
        </div>
      </header>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight break-words text-fg sm:text-3xl">
          {user ? fullName(user) : 'User Details'}
        </h1>
        {user ? <p className="break-all text-fg-muted">{user.email}</p> : null}
      </div>

      {detail.isError ? (
        <Alert variant="error">
          {errorMessage(
            detail.error,
            'Failed to fetch user details',
            'An error occurred while fetching user details',
          )}
        </Alert>
      ) : null}

      {detail.isPending ? (
        <p className="flex items-center justify-center gap-2 py-16 text-fg-muted" role="status">
          <Spinner />
          Loading user details...
        </p>
      ) : user ? (
        <>
          {user.emailUndeliverable ? (
            <Alert variant="warning" title="Mail to this address is refused">
              The mail relay refused mail to {user.email} for good on{' '}
              {formatDateTime(user.emailUndeliverable.since)}. Its answer: &quot;
              {user.emailUndeliverable.answer}&quot;. Verification mails, withdrawal codes and
              warnings to it do not arrive; the mark clears when a later mail is accepted.
            </Alert>
          ) : null}
          <WithdrawalFreezeNotice userId={user._id} />
          <UidReviewNotice userId={user._id} />
          <StatGrid label="User Summary">
            <StatCard
              label="Total Rewards"
              value={formatUsd(user.totalRewards)}
              icon={DollarSign}
            />
            <StatCard label="Balance" value={formatUsd(user.balance)} icon={Wallet} />
            <StatCard
              label="Total Withdrawn"
              value={formatUsd(user.totalWithdrawn)}
              icon={Banknote}
            />
            <StatCard label="Referrals" value={user.referralStats.totalReferrals} icon={Users} />
          </StatGrid>
          <BalanceEquation
            title="How the member's earnings add up"
            stats={{
              currentBalance: user.balance,
              pendingWithdrawals: user.buckets.pending,
              lockedBalance: user.buckets.locked,
              heldBalance: user.buckets.held,
              totalWithdrawn: user.totalWithdrawn,
              forfeited: user.buckets.forfeited,
              totalRewards: user.totalRewards,
            }}
          />
          <nav aria-label="The member's records" className="flex flex-wrap gap-2">
            <Link
              to={`${paths.admin.withdrawals}?search=${encodeURIComponent(user.email)}`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              Their withdrawals
            </Link>
            <Link
              to={`${paths.admin.rewards}?type=DOWNLINE&search=${encodeURIComponent(user.email)}`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              Their cycle lines
            </Link>
          </nav>

          <Tabs defaultValue="overview">
            <TabsList aria-label="User details" className="w-full sm:w-auto">
              <TabsTrigger value="overview" className={tabClass}>
                Overview
              </TabsTrigger>
              <TabsTrigger value="rewards" className={tabClass}>
                Rewards ({user.rewards.statistics.total})
              </TabsTrigger>
              <TabsTrigger value="withdrawals" className={tabClass}>
                Withdrawals ({user.withdrawals.statistics.total})
              </TabsTrigger>
            </TabsList>
            <TabsContent value="overview">
              <UserOverview user={user} />
            </TabsContent>
            <TabsContent value="rewards">
              <UserRewardsTab
                rewards={user.rewards}
                onPage={setRewardsPage}
                type={rewardType}
                onType={(type) => {
                  setRewardType(type);
                  setRewardsPage(1);
                }}
              />
            </TabsContent>
            <TabsContent value="withdrawals">
              <UserWithdrawalsTab
                withdrawals={user.withdrawals}
                onPage={setWithdrawalsPage}
                status={withdrawalStatus}
                onStatus={(status) => {
                  setWithdrawalStatus(status);
                  setWithdrawalsPage(1);
                }}
              />
            </TabsContent>
          </Tabs>
        </>
      ) : null}
    </div>
  );
}
