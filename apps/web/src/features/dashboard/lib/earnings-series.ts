import type { EarningsPoint } from '@ctn/contracts/rewards';
import { utcDay } from '@/components/charts/utc-day';
import { DAY_MS } from '@ctn/contracts/time';

export const EARNINGS_DAYS = 90;

// The server groups credits by UTC day.
export { formatUtcDay, utcDay } from '@/components/charts/utc-day';

/**
 * One point per day, oldest first, for the `days` days that end today (UTC) or on the latest
 * point if the server's clock is ahead. The server leaves out days without credits; a chart
 * needs them, as zero, so that the gaps show as gaps.
 */
export function dailySeries(
  points: readonly EarningsPoint[],
  today: Date,
  days: number = EARNINGS_DAYS,
): EarningsPoint[] {
  const byDate = new Map<string, { direct: number; downline: number }>();
  let last = utcDay(today);
  for (const point of points) {
    const sum = byDate.get(point.date) ?? { direct: 0, downline: 0 };
    byDate.set(point.date, {
      direct: sum.direct + point.direct,
      downline: sum.downline + point.downline,
    });
    if (point.date > last) last = point.date;
  }
  const end = Date.parse(`${last}T00:00:00.000Z`);
  return Array.from({ length: days }, (_, i) => {
    const date = utcDay(new Date(end - (days - 1 - i) * DAY_MS));
    const sum = byDate.get(date);
    return { date, direct: sum?.direct ?? 0, downline: sum?.downline ?? 0 };
  });
}

/** Each day's earnings so far: the series as a running total, which grows as credits arrive. */
export function runningTotals(series: readonly EarningsPoint[]): EarningsPoint[] {
  let direct = 0;
  let downline = 0;
  return series.map((point) => {
    direct += point.direct;
    downline += point.downline;
    return { date: point.date, direct, downline };
  });
}

export interface EarningsSummary {
  direct: number;
  downline: number;
  total: number;
  /** The largest day's total: the top of the chart's scale. */
  maxDay: number;
  /** Days with any credit. */
  activeDays: number;
}

export function summarise(series: readonly EarningsPoint[]): EarningsSummary {
  let direct = 0;
  let downline = 0;
  let maxDay = 0;
  let activeDays = 0;
  for (const point of series) {
    direct += point.direct;
    downline += point.downline;
    const day = point.direct + point.downline;
    if (day > maxDay) maxDay = day;
    if (day > 0) activeDays += 1;
  }
  return { direct, downline, total: direct + downline, maxDay, activeDays };
}
