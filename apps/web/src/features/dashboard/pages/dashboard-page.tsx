import { lazy, Suspense } from 'react';
import { ComplianceBanner } from '@/components/money/compliance-banner';
import { PageTitle } from '@/components/page-title';
import { errorMessage } from '@/lib/api-client';
import { USER_NOT_FOUND, useRewardStats } from '@/lib/reward-stats';
import { useAuthenticatedUser } from '@/lib/session';
import { BalanceOverview } from '../components/balance-overview';
import { EarningsChartPlaceholder } from '../components/earnings-chart-placeholder';
import { IncomeBreakdown } from '../components/income-breakdown';
import { ProofCard } from '../components/proof-card';
import { ReferralLinkCard } from '../components/referral-link-card';
import { SubscriptionCard } from '../components/subscription-card';
import { VerificationNotice } from '../components/verification-notice';
import { WelcomeHeader } from '../components/welcome-header';

const STATS_FAILED = 'Failed to load reward statistics';

// The chart sits below the fold and draws ~90 bars: its code and its drawing come in a second
// step, so the figures above it show a render sooner.
const EarningsChart = lazy(() =>
  import('../components/earnings-chart').then((m) => ({ default: m.EarningsChart })),
);

/** /dashboard: the member's account, subscription, referral link and earnings (member section 2). */
export function DashboardPage() {
  const user = useAuthenticatedUser();
  const stats = useRewardStats(user.userId);
  const hasUserId = user.userId.trim() !== '';
  const loading = hasUserId && stats.isPending;
  const error = !hasUserId
    ? USER_NOT_FOUND
    : stats.isError
      ? errorMessage(stats.error, STATS_FAILED)
      : null;

  return (
    <div className="space-y-6 sm:space-y-8">
      <PageTitle title="Dashboard" />
      <WelcomeHeader user={user} />
      {user.isEmailVerified ? null : <VerificationNotice email={user.email} />}
      {stats.data ? <ComplianceBanner stats={stats.data} /> : null}
      {/* Money first: on a phone the balance is above the fold. */}
      <BalanceOverview
        stats={stats.data}
        loading={loading}
        refreshing={stats.isFetching}
        error={error}
        onRefresh={() => {
          // refetch() ignores `enabled`: without a user ID there is nothing to ask.
          if (hasUserId) void stats.refetch();
        }}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <SubscriptionCard
          fee={user.subscriptionFee}
          paidUntil={stats.data?.subscription.paidUntil}
        />
        <ReferralLinkCard code={user.referralCode} />
      </div>
      <IncomeBreakdown breakdown={stats.data?.rewardBreakdown} loading={loading} />
      {stats.data || loading ? (
        <Suspense fallback={<EarningsChartPlaceholder />}>
          <EarningsChart points={stats.data?.earningsOverTime} loading={loading} />
        </Suspense>
      ) : null}
      <ProofCard userId={user.userId} />
    </div>
  );
}
