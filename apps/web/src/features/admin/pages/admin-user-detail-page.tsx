import { useParams } from 'react-router';
import { ComingNext } from '@/components/coming-next';

export function AdminUserDetailPage() {
  const { id } = useParams();
  return (
    <ComingNext
      title="User Details"
      subtitle={id ? `User ${id}` : undefined}
      summary="Everything about one member: account, referrals, subscription, rewards and withdrawals."
      items={[
        'Summary cards: total rewards, balance, total withdrawn, referrals',
        'Overview: basic, referral and subscription information',
        'Rewards tab with statistics and a type filter',
        'Withdrawals tab with statistics and a status filter',
      ]}
    />
  );
}
