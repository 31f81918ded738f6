import { ComingNext } from '@/components/coming-next';

export function SupportPage() {
  return (
    <ComingNext
      title="Help & Support"
      subtitle="Get Assistance"
      summary="Reach our team whenever you need help: 24/7 on our messaging channel, and by email with replies typically within 24 hours."
      items={[
        'Our messaging-app channel with a join link',
        'Email support',
        'Quick help: common topics and what to check before contacting us',
        'Support hours',
      ]}
    />
  );
}
