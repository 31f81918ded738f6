import { SUBSCRIPTION_FEE_USDT } from '@ctn/contracts/constants';
import { Link2, Sparkles, Wallet } from 'lucide-react';
import { PlannedItems } from '@/components/coming-next';
import { PageTitle } from '@/components/page-title';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useAuthenticatedUser } from '@/lib/session';
import { OnboardingSteps, type OnboardingStep } from '../components/onboarding-steps';

const STEP_CONTENT = {
  1: {
    icon: Wallet,
    title: 'Pay your subscription',
    summary: `Activate your membership with the ${SUBSCRIPTION_FEE_USDT} USDT subscription, paid in USDT on the BEP20 (BSC) network.`,
    items: [
      'Your personal deposit address, with a copy button and a QR code',
      'The USDT (BEP20) token contract address to copy into your wallet',
      'A Refresh Payment Status button; confirmation usually takes 1-3 minutes',
    ],
  },
  2: {
    icon: Link2,
    title: 'Link your BingX account',
    summary:
      'Connect the BingX account you copy trade with, so your trading and rewards can be tracked.',
    items: [
      'A field for your BingX UID: numeric, usually 8-12 digits',
      'A Link button that checks the account and links it to your profile',
      'A completion card with a Go to Dashboard button',
    ],
  },
} as const;

export function OnboardingPage() {
  const user = useAuthenticatedUser();
  const current: OnboardingStep = user.subscriptionFee.paid ? 2 : 1;
  const step = STEP_CONTENT[current];
  const Icon = step.icon;

  return (
    <div className="mx-auto max-w-3xl px-4 pt-24 pb-16 sm:px-6 sm:pt-28">
      <PageTitle title="Onboarding" />
      <header className="mb-8 space-y-2">
        <p className="text-sm font-semibold text-primary">Welcome, {user.firstName}</p>
        <h1 className="text-3xl font-bold tracking-tight text-fg">Complete your setup</h1>
        <p className="text-fg-muted">Two steps and your account is ready to earn.</p>
      </header>

      <Card className="mb-6 p-5 sm:p-6">
        <OnboardingSteps current={current} />
      </Card>

      <Card className="relative overflow-hidden p-6 sm:p-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-primary/10 blur-3xl"
        />
        <div className="relative space-y-5">
          <div className="flex flex-wrap items-center gap-3">
            <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <p className="text-sm text-fg-muted">Step {current} of 2</p>
              <h2 className="text-xl font-semibold text-fg">{step.title}</h2>
            </div>
          </div>
          <p className="text-fg-muted">{step.summary}</p>
          <div className="rounded-xl border border-dashed border-border-strong p-4 sm:p-5">
            <div className="mb-3 flex flex-wrap items-center gap-2">
              <Sparkles className="size-4 text-primary" aria-hidden="true" />
              <p className="font-medium text-fg">Coming next</p>
              <Badge variant="primary">In development</Badge>
            </div>
            <p className="mb-3 text-sm text-fg-muted">This step is being built. It will show:</p>
            <PlannedItems items={step.items} className="space-y-2" />
          </div>
        </div>
      </Card>
    </div>
  );
}
