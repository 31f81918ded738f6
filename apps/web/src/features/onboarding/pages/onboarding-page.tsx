import type { User } from '@ctn/contracts/accounts';
import { isSubscriptionPaid } from '@ctn/contracts/subscription-fee';
import { REDIRECT_DELAY_MS } from '@ctn/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { isOnboarded, profileQueryKey, useAuthenticatedUser } from '@/lib/session';
import { CompletionCard } from '../components/completion-card';
import { LinkStep } from '../components/link-step';
import { OnboardingSteps, type OnboardingStep } from '../components/onboarding-steps';
import { PaymentStep } from '../components/payment-step';
import { UidPrecheck } from '../components/uid-precheck';

/**
 * /onboarding (member sections 2 and 4): step 1 (pay) while the subscription is unpaid, step 2
 * (link the exchange UID) when paid and not linked; complete when both hold or right after a
 * successful link, which says so and goes to the dashboard after 3 seconds.
 *
 * The profile learns about the link only when the page leaves: updating it at once would let the
 * onboarding guard redirect before the member has read the success message.
 */
export function OnboardingPage() {
  const user = useAuthenticatedUser();
  const [linkedUser, setLinkedUser] = useState<User | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const paid = isSubscriptionPaid(user.subscriptionFee);
  const linked = linkedUser !== null || Boolean(user.bingXUID);
  const complete = linkedUser !== null || isOnboarded(user);
  const current: OnboardingStep | null = complete ? null : paid ? 2 : 1;
  const completed: OnboardingStep[] = [];
  if (paid || complete) completed.push(1);
  if (linked) completed.push(2);

  const finish = useCallback(() => {
    if (linkedUser) queryClient.setQueryData(profileQueryKey, linkedUser);
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    void navigate(paths.dashboard, { replace: true });
  }, [linkedUser, navigate, queryClient]);

  // The redirect after the success message; the button goes at once.
  const finishRef = useRef(finish);
  useEffect(() => {
    finishRef.current = finish;
  }, [finish]);
  useEffect(() => {
    if (!complete) return;
    const timer = setTimeout(() => finishRef.current(), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [complete]);

  return (
    <div className="mx-auto max-w-4xl px-4 pt-24 pb-16 sm:px-6 sm:pt-28">
      <PageTitle title="Onboarding" />
      <header className="mb-8 space-y-2">
        <p className="text-sm font-semibold text-primary">Welcome, {user.firstName}</p>
        <h1 className="text-3xl font-bold tracking-tight text-fg">Complete your setup</h1>
        <p className="text-fg-muted">Two steps and your account is ready to earn.</p>
      </header>

      <Card className="mb-6 p-5 sm:p-6">
        <OnboardingSteps current={current} completed={completed} />
      </Card>

      {complete ? (
        <CompletionCard onContinue={finish} />
      ) : current === 1 ? (
        // What BingX must confirm comes before the fee: read top-down, nobody pays first.
        <div className="space-y-6">
          <UidPrecheck paid={false} />
          <PaymentStep />
        </div>
      ) : (
        <LinkStep onLinked={setLinkedUser} />
      )}
    </div>
  );
}
