import {
  CYCLE_CSV_MAX_BYTES,
  CYCLE_SOURCES,
  cyclePreviewRequestSchema,
  type CycleDetail,
  type CycleSource,
} from '@ctn/contracts/cycles';
import { FileSearch } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { usePreviewCycle } from '../api/preview-cycle';
import { refusalText } from '@/lib/refusal-text';
import { isoDay } from '@/lib/admin/format';
import { SOURCE_LABELS } from './cycle-labels';
import { CorrectionFields, paidCyclesOf, type PaidCycle } from './correction-fields';
import { DAY_MS } from '@ctn/contracts/time';

const TOO_LARGE = 'The CSV file is larger than 8 MB';

/**
 * The last 7 full days, in UTC days like the exchange's daily commission data, but never inside a
 * paid cycle: from the day after the last paid cycle ends when that is later.
 */
export function defaultPeriod(nextPeriodStart: string | null, now = Date.now()) {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const weekAgo = isoDay(new Date(today - 7 * DAY_MS));
  const yesterday = isoDay(new Date(today - DAY_MS));
  const start = nextPeriodStart && nextPeriodStart > weekAgo ? nextPeriodStart : weekAgo;
  return { start, end: start > yesterday ? start : yesterday };
}

type FieldName = 'periodStart' | 'periodEnd' | 'csv' | 'correctionReason';
type Errors = Partial<Record<FieldName, string>>;

/** Source, period and (for CSV) the file; Preview reads the batch into a DRAFT cycle. */
export function NewCyclePanel({
  onPreviewed,
  nextPeriodStart,
}: {
  onPreviewed: (cycle: CycleDetail) => void;
  /** The day after the last paid cycle ends (from the cycles list); null when none was paid. */
  nextPeriodStart: string | null;
}) {
  const [period] = useState(() => defaultPeriod(nextPeriodStart));
  const [source, setSource] = useState<CycleSource>('EXCHANGE');
  const [periodStart, setPeriodStart] = useState(period.start);
  const [periodEnd, setPeriodEnd] = useState(period.end);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [reading, setReading] = useState(false);
  const preview = usePreviewCycle();
  // A CSV over days paid cycles paid: made a correction naming them (decision 044).
  const [paidCycles, setPaidCycles] = useState<PaidCycle[] | null>(null);
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const correcting = source === 'CSV' && paidCycles !== null;

  const chooseFile = (chosen: File | null) => {
    preview.reset();
    // Refused before reading: an 8 MB string is the most the server takes.
    if (chosen && chosen.size > CYCLE_CSV_MAX_BYTES) {
      setFile(null);
      setErrors((e) => ({ ...e, csv: TOO_LARGE }));
      return;
    }
    setFile(chosen);
    setErrors((e) => ({ ...e, csv: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    preview.reset();
    let csv: string | undefined;
    if (source === 'CSV' && file) {
      setReading(true);
      try {
        csv = await file.text();
      } catch {
        setErrors({ csv: 'The file could not be read' });
        return;
      } finally {
        setReading(false);
      }
    }
    if (correcting && reason.trim() === '') {
      setErrors({ correctionReason: 'Say why these days are paid again' });
      return;
    }
    const correction =
      correcting && confirmed
        ? {
            correctionReason: reason,
            correctsCycles: paidCycles.flatMap((c) => (c.number === null ? [] : [c.number])),
          }
        : correcting
          ? { correctionReason: reason }
          : {};
    const parsed = cyclePreviewRequestSchema.safeParse({
      source,
      periodStart,
      periodEnd,
      csv,
      ...correction,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0];
        if ((name === 'periodStart' || name === 'periodEnd' || name === 'csv') && !next[name]) {
          next[name] = issue.message;
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    preview.mutate(parsed.data, {
      onSuccess: onPreviewed,
      onError: (error) => {
        const named = paidCyclesOf(error);
        if (!named) return;
        setPaidCycles(named);
        // Confirmed anew whenever the cycles named change.
        setConfirmed(false);
      },
    });
  };

  const busy = reading || preview.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>New cycle</CardTitle>
        <CardDescription>
          Read a period&apos;s master amounts, check the preview, then run the cycle.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          className="space-y-5"
          aria-label="New cycle"
        >
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-fg">Source</legend>
            <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
              {CYCLE_SOURCES.map((s) => (
                <label key={s} className="flex items-center gap-2 text-sm text-fg">
                  <input
                    type="radio"
                    name="cycle-source"
                    value={s}
                    checked={source === s}
                    onChange={() => {
                      setSource(s);
                      // The file input is rebuilt empty, so a file chosen before must go too.
                      setFile(null);
                      setErrors({});
                      preview.reset();
                    }}
                    className="size-4 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  />
                  {SOURCE_LABELS[s]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="cycle-period-start" label="Period start" error={errors.periodStart}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={periodStart}
                  onChange={(e) => setPeriodStart(e.target.value)}
                />
              )}
            </Field>
            <Field id="cycle-period-end" label="Period end" error={errors.periodEnd}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={periodEnd}
                  onChange={(e) => setPeriodEnd(e.target.value)}
                />
              )}
            </Field>
          </div>
          {source === 'CSV' ? (
            <Field
              id="cycle-csv"
              label="CSV file"
              error={errors.csv}
              hint="One uid,amount line per member (a header line is allowed), at most 8 MB."
            >
              {(control) => (
                <Input
                  {...control}
                  type="file"
                  accept=".csv,text/csv"
                  onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
                  className="h-auto py-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-surface-muted file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-fg"
                />
              )}
            </Field>
          ) : null}
          {correcting ? (
            <CorrectionFields
              cycles={paidCycles}
              reason={reason}
              onReason={setReason}
              confirmed={confirmed}
              onConfirmed={setConfirmed}
              reasonError={errors.correctionReason}
            />
          ) : null}
          {preview.isError ? (
            <Alert variant="error">
              {refusalText(
                preview.error,
                'Failed to preview the cycle',
                'An error occurred while previewing the cycle',
              )}
            </Alert>
          ) : null}
          <div className="flex justify-end">
            <Button
              type="submit"
              loading={busy}
              loadingText={reading ? 'Reading file...' : 'Previewing...'}
            >
              <FileSearch className="size-4" aria-hidden="true" />
              Preview
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
