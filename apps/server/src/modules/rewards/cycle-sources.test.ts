import { describe, expect, it } from 'vitest';
import type { DailyCommission } from '../../integrations/exchange/exchange';
import { batchFromCommissions, parseCycleCsv } from './cycle-sources';

const day = (
  uid: string,
  commissionVolume: string | null,
  tradingVolume: string | null,
  d = '20250301',
): DailyCommission => ({
  uid,
  day: d,
  commissionVolume,
  tradingVolume,
  copyTradingVolume: null,
  volumes: {},
});

describe('batchFromCommissions', () => {
  it('sums each UID commission and trading volume over the days, in micro-USDT', () => {
    const batch = batchFromCommissions([
      day('111', '1.5', '1000.25'),
      day('111', '0.25', '200', '20250302'),
      day('222', '3', '4000'),
    ]);
    expect(batch.lines).toEqual([
      { uid: '111', masterMicro: 1_750_000n, volumeMicro: 1_200_250_000n },
      { uid: '222', masterMicro: 3_000_000n, volumeMicro: 4_000_000_000n },
    ]);
    expect(batch.errors).toEqual([]);
  });

  it('makes the volume unknown (null), never a partial sum or 0, when one day has none', () => {
    const batch = batchFromCommissions([
      day('111', '1', '1000'),
      day('111', '1', null, '20250302'),
      day('222', '1', 'n/a'),
    ]);
    expect(batch.lines.map((l) => [l.uid, l.masterMicro, l.volumeMicro])).toEqual([
      ['111', 2_000_000n, null],
      ['222', 1_000_000n, null],
    ]);
  });
});

describe('parseCycleCsv', () => {
  it('gives CSV lines no trading volume: unknown', () => {
    expect(parseCycleCsv('uid,amount\n111,2.5').lines).toEqual([
      { uid: '111', masterMicro: 2_500_000n, volumeMicro: null },
    ]);
  });
});
