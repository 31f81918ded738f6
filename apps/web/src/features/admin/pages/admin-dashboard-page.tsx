import { ComingNext } from '@/components/coming-next';

/** /admin and /admin/dashboard: the same screen. */
export function AdminDashboardPage() {
  return (
    <ComingNext
      title="Admin Dashboard"
      subtitle="Overview & Analytics"
      summary="The platform at a glance: members, rewards and withdrawals waiting for review."
      items={[
        'Six key statistics',
        'Recent withdrawals, each linking to its review',
        'Recent users, each linking to their details',
      ]}
    />
  );
}
