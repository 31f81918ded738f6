import { ComingNext } from '@/components/coming-next';

/** /profile and /settings: the same screen (member section 2). */
export function ProfilePage() {
  return (
    <ComingNext
      title="Profile & Security"
      subtitle="Your account details and password"
      summary="Review your account information and keep your password up to date."
      items={[
        'Your name, email, referral code and BingX UID',
        'Account status, deposit wallet address and subscription',
        'Your last sign-in',
        'A change-password form',
      ]}
    />
  );
}
