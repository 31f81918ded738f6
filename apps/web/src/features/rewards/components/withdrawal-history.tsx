import { ArrowUpRight } from 'lucide-react';
import { useWithdrawals } from '../api/get-withdrawals';
import { ListEmpty, ListError, ListSkeleton } from '@/components/list-states';
import { WithdrawalTable } from './withdrawal-table';

const LOAD_FAILED = 'Failed to load withdrawal history';

/** The Withdrawal History tab: the member's latest 50 requests. */
export function WithdrawalHistory() {
  const withdrawals = useWithdrawals();
  // A failed refresh keeps the list on screen; only a first load that failed shows the error.
  if (withdrawals.data === undefined) {
    return withdrawals.isError ? (
      <ListError
        message={LOAD_FAILED}
        onRetry={() => void withdrawals.refetch()}
        retrying={withdrawals.isFetching}
      />
    ) : (
      <ListSkeleton label="Loading withdrawal history" />
    );
  }
  const { withdrawals: list, explorerUrl } = withdrawals.data;
  if (list.length === 0) {
    return (
      <ListEmpty icon={ArrowUpRight} title="No withdrawals yet">
        Your withdrawal requests and their status will appear here.
      </ListEmpty>
    );
  }
  return <WithdrawalTable withdrawals={list} explorerUrl={explorerUrl} />;
}
