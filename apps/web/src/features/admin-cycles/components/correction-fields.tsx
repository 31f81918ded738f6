import { CYCLE_SOURCES } from '@ctn/contracts/cycles';
import { z } from 'zod';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';

/** The paid cycles a refused preview names (CYCLE_PERIOD_OVERLAP, CYCLE_CORRECTION_UNCONFIRMED). */
const namedCyclesSchema = z.object({
  cycles: z.array(
    z.object({
      number: z.number().nullable(),
      source: z.enum(CYCLE_SOURCES),
      periodStart: z.string(),
      periodEnd: z.string(),
    }),
  ),
});
export type PaidCycle = z.infer<typeof namedCyclesSchema>['cycles'][number];

/** The paid cycles covering the period, when the preview was refused for them; else null. */
export function paidCyclesOf(error: unknown): PaidCycle[] | null {
  if (!isApiError(error)) return null;
  if (error.code !== 'CYCLE_PERIOD_OVERLAP' && error.code !== 'CYCLE_CORRECTION_UNCONFIRMED')
    return null;
  const parsed = namedCyclesSchema.safeParse(error.data);
  return parsed.success && parsed.data.cycles.length > 0 ? parsed.data.cycles : null;
}

const nameOf = (c: PaidCycle) =>
  `cycle #${c.number ?? '?'} (from ${c.source === 'CSV' ? 'a CSV' : 'the exchange'}, ${c.periodStart} to ${c.periodEnd})`;

export function correctionConfirmText(cycles: PaidCycle[]): string {
  return `This correction nets out ${cycles.map(nameOf).join(', ')}: what their lines paid for the days both cover is taken back from each member when it runs (from available, then locked, never below zero).`;
}

/**
 * A CSV cycle over days paid cycles already paid, made a netting correction (decision 044): its
 * reason (audited) and the administrator's confirmation naming the cycles it corrects.
 */
export function CorrectionFields({
  cycles,
  reason,
  onReason,
  confirmed,
  onConfirmed,
  reasonError,
}: {
  cycles: PaidCycle[];
  reason: string;
  onReason: (reason: string) => void;
  confirmed: boolean;
  onConfirmed: (confirmed: boolean) => void;
  reasonError: string | undefined;
}) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-amber-500/30 bg-warning-soft p-4">
      <legend className="px-1 text-sm font-semibold text-fg">Make it a correction</legend>
      <Field
        id="cycle-correction-reason"
        label="Why these days are paid again"
        error={reasonError}
        hint="Recorded in the audit log with the cycles it corrects."
      >
        {(control) => (
          <Input
            {...control}
            value={reason}
            maxLength={500}
            onChange={(e) => onReason(e.target.value)}
          />
        )}
      </Field>
      <Checkbox
        id="cycle-correction-confirm"
        checked={confirmed}
        onChange={(e) => onConfirmed(e.target.checked)}
        label={correctionConfirmText(cycles)}
      />
    </fieldset>
  );
}
