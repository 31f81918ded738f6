import { RefreshButton } from '@/components/ui/refresh-button';
import { useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuthenticatedUser } from '@/lib/session';
import { referralHistoryKeys, useReferralHistory } from '../api/get-referral-history';
import { InviteeFunnel } from '../components/invitee-funnel';
import { LevelFilter } from '../components/level-filter';
import { ReferralCodeCard } from '../components/referral-code-card';
import { ReferralHistoryTable } from '../components/referral-history-table';
import { ReferralPagination } from '../components/referral-pagination';
import { ReferralStats } from '../components/referral-stats';

/** /referrals: the member's code and link, statistics and referral history (member section 2). */
export function ReferralsPage() {
  const user = useAuthenticatedUser();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [level, setLevel] = useState<number | undefined>(undefined);
  const history = useReferralHistory({ page, level });
  const data = history.data;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: referralHistoryKeys.all });
  const retry = () => void history.refetch();
  const refreshing = history.isFetching && !history.isPending;

  return (
    <div className="space-y-6 sm:space-y-8">
      <PageTitle title="Referral Program" />
      <header className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
            Referral Program
          </h1>
          <p className="text-fg-muted">Invite &amp; Earn</p>
        </div>
        <RefreshButton onClick={refresh} refreshing={refreshing} />
      </header>

      <ReferralCodeCard code={data?.referralCode ?? user.referralCode} />

      <ReferralStats statistics={data?.statistics} status={history.status} onRetry={retry} />

      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-5 pb-4 sm:px-6">
          <CardTitle>Referral History</CardTitle>
          <LevelFilter
            value={level}
            onChange={(next) => {
              setLevel(next);
              setPage(1);
            }}
          />
        </div>
        <div className="border-t border-border" aria-busy={history.isFetching}>
          {history.isPending ? (
            <p
              className="flex items-center justify-center gap-2 px-6 py-16 text-fg-muted"
              role="status"
            >
              <Spinner />
              Loading referral data...
            </p>
          ) : history.isError && !data ? (
            <div className="space-y-2 px-6 py-16 text-center" role="alert">
              <p className="font-medium text-danger">Failed to load referral data</p>
              <Button variant="link" onClick={retry}>
                Try again
              </Button>
            </div>
          ) : data && data.referrals.length === 0 ? (
            <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-surface-muted text-fg-subtle">
                <Users className="size-6" aria-hidden="true" />
              </span>
              <p className="font-semibold text-fg">No referrals yet</p>
              <p className="max-w-sm text-sm text-fg-muted">
                Start sharing your referral code to see your referrals here!
              </p>
            </div>
          ) : data ? (
            <div
              className={history.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            >
              <ReferralHistoryTable referrals={data.referrals} />
            </div>
          ) : null}
        </div>
        {data && data.referrals.length > 0 ? (
          <ReferralPagination pagination={data.pagination} onPage={setPage} />
        ) : null}
      </Card>
      <InviteeFunnel />
    </div>
  );
}
