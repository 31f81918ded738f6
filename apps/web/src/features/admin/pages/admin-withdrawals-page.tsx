import { ComingNext } from '@/components/coming-next';

export function AdminWithdrawalsPage() {
  return (
    <ComingNext
      title="Withdrawals"
      subtitle="Review Requests"
      summary="Review members’ withdrawal requests and record their payout."
      items={[
        'Withdrawal statistics',
        'A searchable, paginated table of requests',
        'A Review action for each request',
      ]}
    />
  );
}
