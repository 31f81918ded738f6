import type { TreasuryOverview } from '@ctn/contracts/treasury';
import { BarChart } from '@/components/charts/bar-chart';
import { formatUtcDay } from '@/components/charts/utc-day';
import { coverageText, usdtExact } from './treasury-parts';

type Snapshot = TreasuryOverview['snapshots'][number];

/** Coverage of each daily snapshot as bars, with the figures in a table beside them. */
export function CoverageChart({ snapshots }: { snapshots: readonly Snapshot[] }) {
  const percent = (s: Snapshot) => (s.coverage === null ? 0 : Number(s.coverage) * 100);
  const max = Math.max(100, ...snapshots.map(percent));
  const first = snapshots[0];
  const last = snapshots[snapshots.length - 1];
  return (
    <div className="space-y-4">
      <BarChart
        label="Coverage of each daily snapshot, in percent"
        max={max}
        formatTick={(v) => `${Math.round(v)}%`}
        bars={snapshots.map((s) => ({
          key: s.day,
          title: `${formatUtcDay(s.day)}: ${coverageText(s.coverage)}`,
          segments: [
            {
              value: percent(s),
              className:
                s.coverage !== null && Number(s.coverage) < 1
                  ? 'fill-red-500'
                  : 'fill-primary dark:fill-emerald-400',
            },
          ],
        }))}
        {...(first && last
          ? { edgeLabels: [formatUtcDay(first.day), formatUtcDay(last.day)] }
          : {})}
      />
      {/* Scrolls sideways on a phone: reachable by keyboard, as the shared table is. */}
      <div
        role="region"
        aria-label="Daily snapshots"
        tabIndex={0}
        className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Daily snapshots</caption>
          <thead>
            <tr className="text-left text-xs text-fg-muted">
              <th className="py-1 pr-3 font-medium">Day (UTC)</th>
              <th className="py-1 pr-3 text-right font-medium">Holdings</th>
              <th className="py-1 pr-3 text-right font-medium">Liabilities</th>
              <th className="py-1 text-right font-medium">Coverage</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {[...snapshots].reverse().map((s) => (
              <tr key={s.day}>
                <td className="py-1.5 pr-3 whitespace-nowrap text-fg">{formatUtcDay(s.day)}</td>
                <td className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums">
                  {usdtExact(s.holdings)}
                  {s.stale ? ' (stale)' : ''}
                </td>
                <td className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums">
                  {usdtExact(s.liabilities)}
                </td>
                <td className="py-1.5 text-right tabular-nums">{coverageText(s.coverage)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
