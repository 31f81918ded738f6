import { ComingNext } from '@/components/coming-next';

export function AdminUserReportsPage() {
  return (
    <ComingNext
      title="User Reports"
      subtitle="Per-user activity"
      summary="Financial, trading, referral and activity reports per member."
      items={[
        'A status filter',
        'A report dialog per member',
        'Activity: logins, reward claims, withdrawals, referrals, subscriptions',
      ]}
    />
  );
}
