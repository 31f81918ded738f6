import { ComingNext } from '@/components/coming-next';

export function UserTreePage() {
  return (
    <ComingNext
      title="My Referral Tree"
      subtitle="Referral Network"
      summary="See your whole network as a tree, up to 15 levels below you."
      items={[
        'Network statistics at a glance',
        'Search across your referrals',
        'A View Levels selector from 1 to 15',
        'Expandable nodes with earnings and network size',
      ]}
    />
  );
}
