import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

export type OnboardingStep = 1 | 2;

const STEPS = [
  { step: 1, label: 'Pay Subscription' },
  { step: 2, label: 'Link exchange account' },
] as const;

/**
 * The two-step progress indicator (member section 2, /onboarding). `current` is the step on
 * screen (null once both are done); `completed` the steps already done (a member whose
 * subscription has expired is back at step 1 with the exchange account still linked).
 */
export function OnboardingSteps({
  current,
  completed,
}: {
  current: OnboardingStep | null;
  completed: readonly OnboardingStep[];
}) {
  return (
    <ol aria-label="Onboarding progress" className="flex items-center gap-3 sm:gap-4">
      {STEPS.map(({ step, label }, index) => {
        const done = completed.includes(step);
        const active = step === current;
        return (
          <li
            key={step}
            className="flex flex-1 items-center gap-3 sm:gap-4"
            aria-current={active ? 'step' : undefined}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold ring-4',
                done && !active && 'bg-primary text-primary-fg ring-primary/15',
                active && 'bg-primary text-primary-fg ring-primary/25',
                !done && !active && 'bg-surface-muted text-fg-subtle ring-transparent',
              )}
            >
              {done && !active ? (
                <Check className="size-4" strokeWidth={3} aria-hidden="true" />
              ) : (
                step
              )}
            </span>
            <span
              className={cn(
                'text-sm font-medium sm:text-base',
                active || done ? 'text-fg' : 'text-fg-subtle',
              )}
            >
              <span className="sr-only">{`Step ${step}${active ? ', current' : done ? ', completed' : ''}: `}</span>
              {label}
            </span>
            {index < STEPS.length - 1 ? (
              <span
                aria-hidden="true"
                className={cn('h-0.5 flex-1 rounded-full', done ? 'bg-primary' : 'bg-border')}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
