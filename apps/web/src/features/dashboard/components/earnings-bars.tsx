import type { EarningsPoint } from '@ctn/contracts/rewards';
import { formatUsd } from '@/lib/format';
import { formatUtcDay } from '../lib/earnings-series';

const HEIGHT = 100;
/** A credit too small to see at the chart's scale still gets a sliver. */
const MIN_SEGMENT = 1.2;

function segment(value: number, max: number): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.max((value / max) * HEIGHT, MIN_SEGMENT);
}

/**
 * The bars and the scale. The SVG stretches to its box (one unit per day across, 100 up), so the
 * scale's text lives outside it, in HTML, where it is not distorted.
 */
export function EarningsBars({
  series,
  max,
  label,
}: {
  series: readonly EarningsPoint[];
  max: number;
  label: string;
}) {
  const days = series.length;
  return (
    <div className="flex gap-2">
      <div
        className="flex h-48 w-16 shrink-0 flex-col justify-between text-right text-xs text-fg-subtle tabular-nums"
        aria-hidden="true"
      >
        <span className="-translate-y-1/2">{formatUsd(max)}</span>
        <span>{formatUsd(max / 2)}</span>
        <span className="translate-y-1/2">$0.00</span>
      </div>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${days} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-48 min-w-0 flex-1"
      >
        {[0, HEIGHT / 2, HEIGHT].map((y) => (
          <line
            key={y}
            x1={0}
            x2={days}
            y1={y}
            y2={y}
            className="stroke-border"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {series.map((point, i) => {
          const direct = segment(point.direct, max);
          const downline = segment(point.downline, max);
          if (direct + downline === 0) return null;
          return (
            <g key={point.date}>
              <title>
                {`${formatUtcDay(point.date)}: ` +
                  `${formatUsd(point.direct)} direct, ${formatUsd(point.downline)} downline`}
              </title>
              <rect
                x={i + 0.15}
                width={0.7}
                y={HEIGHT - direct}
                height={direct}
                className="fill-primary"
              />
              <rect
                x={i + 0.15}
                width={0.7}
                y={HEIGHT - direct - downline}
                height={downline}
                className="fill-blue-600 dark:fill-blue-400"
              />
            </g>
          );
        })}
      </svg>
    </div>
  );
}
