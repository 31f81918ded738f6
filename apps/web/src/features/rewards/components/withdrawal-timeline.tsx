import type { Withdrawal } from '@ctn/contracts/withdrawals';
import { Check, Circle, CircleDot, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { withdrawalTimeline, type StepState } from '../lib/withdrawal-timeline';

const ICONS: Record<StepState, typeof Check> = {
  done: Check,
  current: CircleDot,
  upcoming: Circle,
  stopped: X,
};

const TONES: Record<StepState, string> = {
  done: 'text-primary',
  current: 'text-warning-soft-fg',
  upcoming: 'text-fg-subtle',
  stopped: 'text-danger',
};

const STATE_WORDS: Record<StepState, string> = {
  done: 'reached',
  current: 'in progress',
  upcoming: 'not reached yet',
  stopped: 'ended here',
};

/**
 * A request's steps as exchanges show them (requested, in review, approved, sent, confirmed on
 * chain, or where it ended), each with the time it was reached when recorded, folded under the
 * status so the history stays a list.
 */
export function WithdrawalTimeline({ withdrawal }: { withdrawal: Withdrawal }) {
  const steps = withdrawalTimeline(withdrawal);
  return (
    <details className="text-xs max-sm:text-right">
      <summary className="cursor-pointer text-primary underline-offset-4 hover:underline">
        Status timeline
      </summary>
      <ol className="mt-2 space-y-2 text-left" aria-label="Status timeline">
        {steps.map((s) => {
          const Icon = ICONS[s.state];
          return (
            <li key={s.label} className="flex gap-2">
              <Icon aria-hidden className={cn('mt-0.5 size-3.5 shrink-0', TONES[s.state])} />
              <div className="min-w-0 whitespace-normal">
                <p
                  className={cn(
                    'font-medium',
                    s.state === 'upcoming' ? 'text-fg-subtle' : 'text-fg',
                  )}
                >
                  {s.label}
                  <span className="sr-only"> ({STATE_WORDS[s.state]})</span>
                </p>
                {s.at ? <p className="text-fg-muted">{formatDateTime(s.at)}</p> : null}
                {s.note ? <p className="max-w-56 text-fg-muted">{s.note}</p> : null}
                {s.dueBy ? (
                  <p className="text-fg-muted">Expect an answer by {formatDateTime(s.dueBy)}.</p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
