import { PageTitle } from '@/components/page-title';
import { useAuthenticatedUser } from '@/lib/session';
import { AntiPhishingCard } from '../components/anti-phishing-card';
import { ChangePasswordForm } from '../components/change-password-form';
import { NotificationsCard } from '../components/notifications-card';
import { PaymentHistory } from '../components/payment-history';
import { ProfileInfo } from '../components/profile-info';
import { SecurityLogCard, SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';

/** /profile and /settings: the same screen (member section 2). */
export function ProfilePage() {
  const user = useAuthenticatedUser();
  return (
    <div className="space-y-6">
      <PageTitle title="Profile & Security" />
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          Profile &amp; Security
        </h1>
        <p className="text-fg-muted">
          Your account details, your payments, your password and how you sign in.
        </p>
      </header>
      <ProfileInfo user={user} />
      <PaymentHistory />
      <ChangePasswordForm />
      <TwoFactorCard />
      <AntiPhishingCard />
      <NotificationsCard />
      <SessionsCard />
      <SecurityLogCard />
    </div>
  );
}
