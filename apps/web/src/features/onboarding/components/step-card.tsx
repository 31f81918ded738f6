import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import type { OnboardingStep } from './onboarding-steps';

/** The card of one onboarding step: its number, title and summary over the step's content. */
export function StepCard({
  step,
  icon: Icon,
  title,
  summary,
  children,
}: {
  step: OnboardingStep;
  icon: LucideIcon;
  title: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  const headingId = `onboarding-step-${step}-title`;
  return (
    <Card className="relative overflow-hidden" aria-labelledby={headingId} role="region">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-primary/10 blur-3xl"
      />
      <div className="relative space-y-6 p-5 sm:p-8">
        <div className="space-y-3">
          <div className="flex items-center gap-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <p className="text-sm text-fg-muted">Step {step} of 2</p>
              <h2 id={headingId} className="text-xl font-semibold text-fg">
                {title}
              </h2>
            </div>
          </div>
          <p className="text-fg-muted">{summary}</p>
        </div>
        {children}
      </div>
    </Card>
  );
}
