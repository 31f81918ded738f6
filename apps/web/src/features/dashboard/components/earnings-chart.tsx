import type { EarningsPoint } from '@ctn/contracts/rewards';
import { ChartColumnBig } from 'lucide-react';
import { useMemo, useState } from 'react';
import { BarChart, type ChartBar } from '@/components/charts/bar-chart';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatUsdt, countOf } from '@/lib/format';
import {
  dailySeries,
  EARNINGS_DAYS,
  formatUtcDay,
  runningTotals,
  summarise,
} from '../lib/earnings-series';

type View = 'total' | 'daily';
const VIEWS: { value: View; label: string; description: string }[] = [
  { value: 'total', label: 'Running total', description: 'Earned so far, day by day' },
  { value: 'daily', label: 'Per day', description: 'Rewards credited per day' },
];

/** Axis figures without the unit (the description names it): 40, 20, 0.02. */
const tickNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * Earnings over the last 90 days, a bar per day with direct and downline stacked. Drawn by hand
 * in SVG: a chart library would outweigh the rest of the page.
 */
export function EarningsChart({
  points,
  loading,
}: {
  points: readonly EarningsPoint[] | undefined;
  loading: boolean;
}) {
  const [view, setView] = useState<View>('total');
  const current = VIEWS.find((v) => v.value === view)!;
  return (
    <Card role="region" aria-labelledby="earnings-chart-title" className="p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle id="earnings-chart-title">Earnings Over Time</CardTitle>
          <CardDescription>
            {current.description}, last {EARNINGS_DAYS} days (USDT)
          </CardDescription>
        </div>
        <div className="flex flex-col items-end gap-2">
          <div
            role="group"
            aria-label="Chart view"
            className="flex rounded-lg bg-surface-muted p-1"
          >
            {VIEWS.map((v) => (
              <button
                key={v.value}
                type="button"
                aria-pressed={view === v.value}
                onClick={() => setView(v.value)}
                className="min-h-8 rounded-md px-2.5 text-xs font-semibold text-fg-muted aria-pressed:bg-surface aria-pressed:text-fg aria-pressed:shadow-xs"
              >
                {v.label}
              </button>
            ))}
          </div>
          <Legend />
        </div>
      </div>
      <div className="mt-5">
        {loading ? (
          <Skeleton className="h-48 w-full" />
        ) : points && points.length > 0 ? (
          <Chart points={points} view={view} />
        ) : (
          <Empty />
        )}
      </div>
    </Card>
  );
}

function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted" aria-label="Legend">
      <li className="flex items-center gap-1.5">
        <span className="size-3 rounded-sm bg-primary" aria-hidden="true" />
        Direct referrals
      </li>
      <li className="flex items-center gap-1.5">
        <span className="size-3 rounded-sm bg-blue-600 dark:bg-blue-400" aria-hidden="true" />
        Downline
      </li>
    </ul>
  );
}

function Empty() {
  return (
    <div className="flex h-48 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-border-strong text-center">
      <ChartColumnBig className="size-6 text-fg-subtle" aria-hidden="true" />
      <p className="font-semibold text-fg">No earnings yet</p>
      <p className="max-w-xs px-4 text-sm text-fg-muted">
        Rewards from your referrals and your team will show here day by day.
      </p>
    </div>
  );
}

function Chart({ points, view }: { points: readonly EarningsPoint[]; view: View }) {
  const series = useMemo(() => dailySeries(points, new Date()), [points]);
  const summary = summarise(series);
  const shown = view === 'total' ? runningTotals(series) : series;
  if (summary.activeDays === 0) return <Empty />;
  const label =
    `Earnings over the last ${EARNINGS_DAYS} days: ${formatUsdt(summary.total)} in total, ` +
    `${formatUsdt(summary.direct)} from direct referrals and ${formatUsdt(summary.downline)} ` +
    `from downline, on ${countOf(summary.activeDays, 'day')}. ` +
    `Best day: ${formatUsdt(summary.maxDay)}.`;
  return (
    <figure>
      <BarChart
        bars={shown.map(barOf)}
        max={view === 'total' ? summary.total : summary.maxDay}
        label={label}
        formatTick={(value) => tickNumber.format(value)}
        edgeLabels={[formatUtcDay(series[0]!.date), formatUtcDay(series.at(-1)!.date)]}
      />
      <DayTable series={series} />
    </figure>
  );
}

/** A day's bar: direct at the bottom, downline on top. */
function barOf(point: EarningsPoint): ChartBar {
  return {
    key: point.date,
    title:
      `${formatUtcDay(point.date)}: ` +
      `${formatUsdt(point.direct)} direct, ${formatUsdt(point.downline)} downline`,
    segments: [
      { value: point.direct, className: 'fill-primary' },
      { value: point.downline, className: 'fill-blue-600 dark:fill-blue-400' },
    ],
  };
}

/** The figures behind the bars, for screen readers: the days with a credit. */
function DayTable({ series }: { series: readonly EarningsPoint[] }) {
  // The wrapper hides it: a table grows to its content whatever width sr-only gives it.
  return (
    <div className="sr-only">
      <table>
        <caption>Earnings per day with a credit, last {EARNINGS_DAYS} days</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Direct referrals</th>
            <th scope="col">Downline</th>
          </tr>
        </thead>
        <tbody>
          {series
            .filter((point) => point.direct + point.downline > 0)
            .map((point) => (
              <tr key={point.date}>
                <th scope="row">{formatUtcDay(point.date)}</th>
                <td>{formatUsdt(point.direct)}</td>
                <td>{formatUsdt(point.downline)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
