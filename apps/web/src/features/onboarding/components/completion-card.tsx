import { SUCCESS_MESSAGES } from '@ctn/contracts/messages';
import { ArrowRight, PartyPopper } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/**
 * Onboarding complete (member section 4): the message that the UID was linked and the member is
 * being redirected, and the 'Go to Dashboard' button for those who do not wait.
 */
export function CompletionCard({ onContinue }: { onContinue: () => void }) {
  return (
    <Card
      role="region"
      aria-labelledby="onboarding-complete-title"
      className="relative overflow-hidden"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 left-1/2 size-72 -translate-x-1/2 rounded-full bg-primary/15 blur-3xl"
      />
      <div className="relative flex flex-col items-center gap-5 p-6 text-center sm:p-10">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-fg">
          <PartyPopper className="size-7" aria-hidden="true" />
        </span>
        <div className="space-y-2">
          <h2 id="onboarding-complete-title" className="text-2xl font-bold text-fg">
            You&apos;re all set
          </h2>
          <p className="text-fg-muted">
            Your subscription is paid and your BingX account is linked.
          </p>
        </div>
        <Alert variant="success" className="w-full max-w-lg text-left">
          {SUCCESS_MESSAGES.BINGX_UID_LINKED}
        </Alert>
        <Button size="lg" onClick={onContinue}>
          Go to Dashboard
          <ArrowRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </Card>
  );
}
