import { AppError } from '../../lib/app-error';
import type * as q from './cycles.queries';

// Days already paid (decisions 040, 044): the refusal that names the cycle paying them, and the
// confirmation a netting correction needs.

/** "Cycle #4 (from the exchange, 2026-07-01 to 2026-07-07)". */
function cycleName(cycle: q.OverlappingCycle): string {
  const name = cycle.number === null ? 'A paid cycle' : `Cycle #${cycle.number}`;
  const source = cycle.source === 'CSV' ? 'a CSV' : 'the exchange';
  return `${name} (from ${source}, ${cycle.periodStart} to ${cycle.periodEnd})`;
}

/** The paid cycles a refusal names, for the form's confirmation. */
const namedCycles = (cycles: q.OverlappingCycle[]) =>
  cycles.map((c) => ({
    number: c.number,
    source: c.source,
    periodStart: c.periodStart,
    periodEnd: c.periodEnd,
  }));

export function overlapRefusal(overlap: q.OverlappingCycle, all: q.OverlappingCycle[] = [overlap]) {
  return new AppError(
    'CYCLE_PERIOD_OVERLAP',
    { overlappingCycle: overlap.number, source: overlap.source, cycles: namedCycles(all) },
    `${cycleName(overlap)} already pays some of these days: every day of trading is paid once, whatever the source. Pick another period, or make a CSV correction cycle with its reason.`,
  );
}

/**
 * A correction nets out exactly the paid cycles covering its days, as the administrator
 * confirmed them by number (decision 044); a correction is never corrected again.
 */
export function checkCorrection(
  overlaps: q.OverlappingCycle[],
  confirmed: number[] | undefined,
): number[] {
  const corrected = overlaps.find((c) => c.correctionReason !== null);
  if (corrected)
    throw new AppError(
      'CYCLE_CORRECTION_OF_CORRECTION',
      { cycles: namedCycles([corrected]) },
      `${cycleName(corrected)} is a correction and covers some of these days: a correction cannot be corrected again. Pick days no correction covers.`,
    );
  const numbers = overlaps.map((c) => c.number).filter((n): n is number => n !== null);
  const wanted = [...new Set(confirmed ?? [])].sort((a, b) => a - b);
  const same =
    numbers.length === overlaps.length &&
    wanted.length === numbers.length &&
    [...numbers].sort((a, b) => a - b).every((n, i) => n === wanted[i]);
  if (!same)
    throw new AppError(
      'CYCLE_CORRECTION_UNCONFIRMED',
      { cycles: namedCycles(overlaps) },
      `${overlaps.map(cycleName).join(', ')} already ${overlaps.length > 1 ? 'pay' : 'pays'} some of these days: confirm the cycles this correction corrects. Their lines for the days both cover are taken back when it runs.`,
    );
  return numbers;
}
