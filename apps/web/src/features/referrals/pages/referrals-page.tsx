import { ComingNext } from '@/components/coming-next';

export function ReferralsPage() {
  return (
    <ComingNext
      title="Referral Program"
      subtitle="Invite & Earn"
      summary="Share your referral code and follow everyone who joined through you, level by level."
      items={[
        'Your referral code with a copy button',
        'Statistics: total referrals, active users, BingX linked, paid subscriptions',
        'A level filter from Level 1 to Level 15',
        'Referral history with status, subscription and join date',
      ]}
    />
  );
}
