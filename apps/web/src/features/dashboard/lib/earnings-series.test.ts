import { describe, expect, it } from 'vitest';
import { dailySeries, formatUtcDay, summarise } from './earnings-series';

const today = new Date('2025-03-10T18:30:00.000Z');

describe('dailySeries', () => {
  it('gives 90 days ending today (UTC), with the missing days as zero', () => {
    const series = dailySeries(
      [
        { date: '2025-03-08', direct: 1, downline: 2 },
        { date: '2025-03-10', direct: 0, downline: 0.5 },
      ],
      today,
    );
    expect(series).toHaveLength(90);
    expect(series[0]!.date).toBe('2024-12-11');
    expect(series.at(-1)).toEqual({ date: '2025-03-10', direct: 0, downline: 0.5 });
    expect(series.at(-2)).toEqual({ date: '2025-03-09', direct: 0, downline: 0 });
    expect(series.at(-3)).toEqual({ date: '2025-03-08', direct: 1, downline: 2 });
  });

  it('adds up repeated days, drops days before the window and follows a server clock ahead', () => {
    const series = dailySeries(
      [
        { date: '2025-03-11', direct: 1, downline: 0 },
        { date: '2025-03-11', direct: 2, downline: 3 },
        { date: '2024-01-01', direct: 100, downline: 0 },
      ],
      today,
      5,
    );
    expect(series.map((p) => p.date)).toEqual([
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
      '2025-03-11',
    ]);
    expect(series.at(-1)).toEqual({ date: '2025-03-11', direct: 3, downline: 3 });
    expect(summarise(series)).toEqual({
      direct: 3,
      downline: 3,
      total: 6,
      maxDay: 6,
      activeDays: 1,
    });
  });
});

describe('formatUtcDay', () => {
  it('formats the UTC day in en-US whatever the time zone', () => {
    expect(formatUtcDay('2025-03-04')).toBe('Mar 4, 2025');
  });
});
