import { ComingNext } from '@/components/coming-next';
import { useAuthenticatedUser } from '@/lib/session';

export function DashboardPage() {
  const user = useAuthenticatedUser();
  return (
    <ComingNext
      title="Dashboard"
      subtitle={`Welcome back, ${user.firstName}. Overview & Stats`}
      summary="Your dashboard brings your account, your subscription and your earnings together on one screen."
      items={[
        'A greeting with your user ID, email and verification badge',
        'Subscription status with its activation date',
        'Your referral code with a copy button for your referral link',
        'Balance overview: available, total earned and total withdrawn',
        'Income breakdown: direct referrals and downline income',
      ]}
    />
  );
}
