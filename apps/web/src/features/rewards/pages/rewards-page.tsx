import { ComingNext } from '@/components/coming-next';

export function RewardsPage() {
  return (
    <ComingNext
      title="Rewards & Earnings"
      subtitle="Your Earnings"
      summary="Follow every reward you earn and withdraw your balance in USDT."
      items={[
        'Your current balance with a Request Withdrawal button',
        'Earnings breakdown: total earned, total withdrawn, direct rewards',
        'Withdrawal history with status and transaction links',
        'Rewards history with type, level and date filters',
      ]}
    />
  );
}
