import { ComingNext } from '@/components/coming-next';

export function AdminRewardsPage() {
  return (
    <ComingNext
      title="Rewards"
      subtitle="Reward Distribution"
      summary="Track every reward the platform has distributed."
      items={[
        'Reward statistics',
        'Filters: search, type and level',
        'A paginated table with a detail dialog',
      ]}
    />
  );
}
