import { ComingNext } from '@/components/coming-next';

export function AdminSettingsPage() {
  return (
    <ComingNext
      title="Admin Settings"
      subtitle="Your profile and security"
      summary="Your administrator profile, your password and the panel’s preferences."
      items={[
        'Your admin profile',
        'A change-password form and security guidelines',
        'Notification and system preferences',
        'A system overview',
      ]}
    />
  );
}
