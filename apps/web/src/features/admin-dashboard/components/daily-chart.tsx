import { DASHBOARD_SERIES_DAYS, type DailySeries } from '@ctn/contracts/admin';
import { useId } from 'react';
import { BarChart } from '@/components/charts/bar-chart';
import { formatUtcDay } from '@/components/charts/utc-day';
import { Card, CardDescription } from '@/components/ui/card';
import { formatUsd, countOf } from '@/lib/format';

interface DayValue {
  date: string;
  value: number;
}

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const formatCount = (value: number) => countFormat.format(value);

/** One figure per day as a small bar chart, with its figures in a table for screen readers. */
function DailyChart({
  title,
  noun,
  points,
  money,
  barClassName,
}: {
  title: string;
  /** What is counted, in the plural: 'sign-ups', 'payments', 'payouts'. */
  noun: string;
  points: readonly DayValue[];
  money: boolean;
  barClassName: string;
}) {
  const titleId = useId();
  const format = money ? formatUsd : formatCount;
  let total = 0;
  let best = 0;
  let activeDays = 0;
  for (const p of points) {
    total += p.value;
    if (p.value > best) best = p.value;
    if (p.value > 0) activeDays += 1;
  }
  // Counts get a scale with a whole number in the middle.
  const max = money ? best : Math.max(2, Math.ceil(best / 2) * 2);
  const label =
    `${title}, last ${points.length} days: ${format(total)} in total, on ` +
    `${countOf(activeDays, 'day')}. Best day: ${format(best)}.`;
  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0 p-4 sm:p-5">
      <div className="space-y-0.5">
        <h2 id={titleId} className="text-base font-semibold tracking-tight text-fg">
          {title}
        </h2>
        <CardDescription>
          {format(total)} in the last {points.length} days
        </CardDescription>
      </div>
      <div className="mt-4">
        {activeDays === 0 ? (
          <p className="flex h-32 items-center justify-center rounded-xl border border-dashed border-border-strong px-4 text-center text-sm text-fg-muted">
            No {noun} in the last {points.length} days
          </p>
        ) : (
          <figure>
            <BarChart
              bars={points.map((p) => ({
                key: p.date,
                title: `${formatUtcDay(p.date)}: ${format(p.value)}`,
                segments: [{ value: p.value, className: barClassName }],
              }))}
              max={max}
              label={label}
              formatTick={format}
              heightClass="h-32"
              edgeLabels={[formatUtcDay(points[0]!.date), formatUtcDay(points.at(-1)!.date)]}
            />
            <div className="sr-only">
              <table>
                <caption>
                  {title} on days with {noun}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">{money ? 'Amount' : 'Count'}</th>
                  </tr>
                </thead>
                <tbody>
                  {points
                    .filter((p) => p.value > 0)
                    .map((p) => (
                      <tr key={p.date}>
                        <th scope="row">{formatUtcDay(p.date)}</th>
                        <td>{format(p.value)}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
          </figure>
        )}
      </div>
    </Card>
  );
}

/** Sign-ups, payments and payouts per UTC day over the last 30 days. */
export function DashboardCharts({ series }: { series: DailySeries }) {
  return (
    <section
      aria-label={`Last ${DASHBOARD_SERIES_DAYS} days`}
      className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
    >
      <DailyChart
        title="Sign-ups per day"
        noun="sign-ups"
        points={series.signups.map((p) => ({ date: p.date, value: p.count }))}
        money={false}
        barClassName="fill-primary"
      />
      <DailyChart
        title="Payments per day"
        noun="payments"
        points={series.payments.map((p) => ({ date: p.date, value: p.amount }))}
        money
        barClassName="fill-blue-600 dark:fill-blue-400"
      />
      <DailyChart
        title="Payouts per day"
        noun="payouts"
        points={series.payouts.map((p) => ({ date: p.date, value: p.amount }))}
        money
        barClassName="fill-amber-500 dark:fill-amber-400"
      />
    </section>
  );
}
