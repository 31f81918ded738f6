import { cn } from '@/lib/cn';
import { niceCeiling } from './nice-scale';

const HEIGHT = 100;
/** A value too small to see at the chart's scale still gets a sliver. */
const MIN_SEGMENT = 1.2;

function segmentHeight(value: number, max: number): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.max((value / max) * HEIGHT, MIN_SEGMENT);
}

/** One part of a bar; segments stack from the bottom in the order given. */
export interface BarSegment {
  value: number;
  /** The fill, as classes (`fill-primary`, with a `dark:` variant where needed). */
  className: string;
}

export interface ChartBar {
  key: string;
  /** The bar's tooltip: its day and figures. */
  title: string;
  segments: readonly BarSegment[];
}

/**
 * Bars over time, drawn by hand in SVG (a chart library would outweigh the pages using it). The
 * SVG stretches to its box (one unit per bar across, 100 up), so the scale and the first and
 * last labels live outside it, in HTML, where text is not distorted. The SVG is one image named
 * by `label`; pair it with a table of the figures for screen readers.
 */
export function BarChart({
  bars,
  max,
  label,
  formatTick,
  edgeLabels,
  heightClass = 'h-48',
}: {
  bars: readonly ChartBar[];
  /** The largest value: the scale's top is the round number at or above it. */
  max: number;
  label: string;
  formatTick: (value: number) => string;
  /** Texts under the first and the last bar. */
  edgeLabels?: readonly [string, string];
  /** The plot's height, as a Tailwind class. */
  heightClass?: string;
}) {
  const count = Math.max(bars.length, 1);
  const scaleTop = niceCeiling(max);
  return (
    <div>
      <div className="flex gap-2">
        <div
          className={cn(
            'flex w-16 shrink-0 flex-col justify-between text-right text-xs text-fg-subtle tabular-nums',
            heightClass,
          )}
          aria-hidden="true"
        >
          <span className="-translate-y-1/2">{formatTick(scaleTop)}</span>
          <span>{formatTick(scaleTop / 2)}</span>
          <span className="translate-y-1/2">{formatTick(0)}</span>
        </div>
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${count} ${HEIGHT}`}
          preserveAspectRatio="none"
          className={cn('min-w-0 flex-1', heightClass)}
        >
          {[0, HEIGHT / 2, HEIGHT].map((y) => (
            <line
              key={y}
              x1={0}
              x2={count}
              y1={y}
              y2={y}
              className="stroke-border"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {bars.map((bar, i) => {
            const heights = bar.segments.map((s) => segmentHeight(s.value, scaleTop));
            if (heights.every((h) => h === 0)) return null;
            let top = HEIGHT;
            return (
              <g key={bar.key}>
                <title>{bar.title}</title>
                {bar.segments.map((s, j) => {
                  const height = heights[j]!;
                  top -= height;
                  return (
                    <rect
                      key={j}
                      x={i + 0.15}
                      width={0.7}
                      y={top}
                      height={height}
                      className={s.className}
                    />
                  );
                })}
              </g>
            );
          })}
        </svg>
      </div>
      {edgeLabels ? (
        <div
          className="mt-1.5 flex justify-between pl-18 text-xs text-fg-subtle tabular-nums"
          aria-hidden="true"
        >
          <span>{edgeLabels[0]}</span>
          <span>{edgeLabels[1]}</span>
        </div>
      ) : null}
    </div>
  );
}
