import { RefreshButton } from '@/components/ui/refresh-button';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatUsd, fullName } from '@/lib/format';
import { paths } from '@/lib/paths';
import { adminWithdrawalKeys } from '../api/get-admin-withdrawals';
import { useWithdrawalReview } from '../api/get-withdrawal-review';
import { LedgerCard } from '../components/ledger-card';
import { MemberCard } from '../components/member-card';
import { MemberWithdrawalsTable } from '@/components/admin/member-withdrawals-table';
import { AddHashAction } from '../components/add-hash-action';
import { RequestCard } from '../components/request-card';
import { ReviewActions } from '../components/review-actions';
import { isValidId } from '@/lib/admin/route-ids';

/**
 * /admin/withdrawals/{id}: the request, its member, their ledger and past withdrawals, the chain
 * check of a recorded hash, and the decision while the request is PENDING.
 */
export function AdminWithdrawalDetailPage() {
  const { id = '' } = useParams();
  const valid = isValidId(id);
  const queryClient = useQueryClient();
  const review = useWithdrawalReview(id, valid);
  const data = review.data;
  const refreshing = review.isFetching && !review.isPending;
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: adminWithdrawalKeys.review(id) });

  const back = (
    <Link to={paths.admin.withdrawals} className={buttonClasses({ variant: 'outline' })}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Withdrawals
    </Link>
  );

  if (!valid) {
    return (
      <div className="space-y-6">
        <PageTitle title="Withdrawal Review" />
        {back}
        <Alert variant="error">Invalid withdrawal ID</Alert>
      </div>
    );
  }

  const w = data?.withdrawal;
  return (
    <div className="space-y-6">
      <PageTitle title="Withdrawal Review" />
      <header className="flex flex-wrap items-center justify-between gap-3">
        {back}
        <RefreshButton onClick={refresh} refreshing={refreshing} />
      </header>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Withdrawal Review</h1>
        {w ? (
          <p className="break-words text-fg-muted">
            {formatUsd(w.amount)} requested by {fullName(w.user)}
          </p>
        ) : null}
      </div>

      {review.isError ? (
        <div className="space-y-3">
          <Alert variant="error">
            {errorMessage(
              review.error,
              'Failed to fetch withdrawal details',
              'An error occurred while fetching withdrawal details',
            )}
          </Alert>
          <Button variant="outline" onClick={() => void review.refetch()}>
            Retry
          </Button>
        </div>
      ) : null}

      {review.isPending ? (
        <p className="flex items-center justify-center gap-2 py-16 text-fg-muted" role="status">
          <Spinner />
          Loading withdrawal details...
        </p>
      ) : data && w ? (
        <>
          {w.status === 'PENDING' ? (
            <ReviewActions key={w._id} review={data} />
          ) : w.status === 'APPROVED' && !w.transactionHash ? (
            <AddHashAction key={w._id} review={data} />
          ) : (
            <Alert variant="info">This request has been processed and cannot be modified.</Alert>
          )}
          <div className="grid gap-4 lg:grid-cols-2">
            <RequestCard review={data} />
            <MemberCard review={data} />
          </div>
          <LedgerCard ledger={data.ledger} />
          <Card className="overflow-hidden">
            <CardHeader>
              <CardTitle>Past Withdrawals</CardTitle>
            </CardHeader>
            <CardContent className="px-4 sm:px-6">
              <MemberWithdrawalsTable
                label="Past withdrawals"
                withdrawals={data.pastWithdrawals}
                empty="No past withdrawals"
              />
            </CardContent>
          </Card>
        </>
      ) : null}
    </div>
  );
}
