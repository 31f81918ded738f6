import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BingxClient, windowsOf } from './bingx-client';
import { BingxSimulator } from './bingx-simulator';
import { ExchangeRequestError, ExchangeUnavailableError } from './exchange';

const KEY = 'sim-key';
const SECRET = 'sim-secret-0123456789';
let simulator: BingxSimulator;
let baseUrl: string;

const client = (overrides: Partial<ConstructorParameters<typeof BingxClient>[0]> = {}) =>
  new BingxClient({
    baseUrl,
    apiKey: KEY,
    apiSecret: SECRET,
    backoffMs: 20,
    requestsPerSecond: 50,
    ...overrides,
  });

beforeAll(async () => {
  simulator = new BingxSimulator(KEY, SECRET);
  baseUrl = await simulator.listen();
});
afterAll(() => simulator.close());
beforeEach(() => {
  simulator.requestTimes.length = 0;
});

describe('BingX client against the simulator over HTTP', () => {
  it('reads every eligibility outcome of inviteRelationCheck', async () => {
    simulator.setAccount('10000001', {
      invited: true,
      kycDone: true,
      deposited: true,
      balanceUsdt: '250.75',
      traded: true,
    });
    simulator.setAccount('10000002', {
      invited: true,
      kycDone: false,
      deposited: true,
      balanceUsdt: '500',
    });
    simulator.setAccount('10000003', {
      invited: true,
      kycDone: true,
      deposited: false,
      balanceUsdt: '0',
    });
    simulator.setAccount('10000004', {
      invited: true,
      kycDone: true,
      deposited: true,
      balanceUsdt: '99.99',
    });
    const c = client();
    expect(await c.checkInvite('10000001')).toEqual({
      uid: '10000001',
      invited: true,
      kycDone: true,
      deposited: true,
      balanceUsdt: '250.75',
      traded: true,
    });
    expect(await c.checkInvite('10000002')).toMatchObject({ invited: true, kycDone: false });
    expect(await c.checkInvite('10000003')).toMatchObject({
      invited: true,
      kycDone: true,
      deposited: false,
    });
    expect(await c.checkInvite('10000004')).toMatchObject({
      deposited: true,
      balanceUsdt: '99.99',
    });
    expect(await c.checkInvite('99999999')).toMatchObject({
      invited: false,
      kycDone: false,
      deposited: false,
    });
  });

  it('keeps a UID beyond 2^53 exact', async () => {
    const big = '1234567890123456789';
    simulator.setAccount(big, {
      invited: true,
      kycDone: true,
      deposited: true,
      balanceUsdt: '100',
      days: {
        '20261101': { tradingVolume: '10', commissionVolume: '0.1', copyTradingVolume: '10' },
      },
    });
    expect((await client().checkInvite(big)).invited).toBe(true);
    const rows = await client().dailyCommissions(
      { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-01T00:00:00Z') },
      big,
    );
    expect(rows).toEqual([
      {
        uid: big,
        day: '20261101',
        tradingVolume: '10',
        commissionVolume: '0.1',
        copyTradingVolume: '10',
      },
    ]);
  });

  it('is refused by the simulator with a wrong secret or key: an error that is not retried', async () => {
    await expect(client({ apiSecret: 'wrong' }).checkInvite('10000001')).rejects.toMatchObject({
      code: 100001,
    });
    await expect(client({ apiKey: 'wrong' }).checkInvite('10000001')).rejects.toBeInstanceOf(
      ExchangeRequestError,
    );
    expect(simulator.requestTimes).toHaveLength(2);
  });

  it('backs off and retries on HTTP 429, code 100410 and server errors', async () => {
    simulator.injectFaults('http-429', 'code-100410', 'http-500');
    expect((await client().checkInvite('10000001')).invited).toBe(true);
    expect(simulator.requestTimes).toHaveLength(4);
    const gaps = simulator.requestTimes.slice(1).map((t, i) => t - simulator.requestTimes[i]!);
    // 20, 40, 80 ms of backoff (at least; the clock is coarse).
    expect(gaps[0]).toBeGreaterThanOrEqual(15);
    expect(gaps[2]).toBeGreaterThanOrEqual(70);
  });

  it('gives up with ExchangeUnavailableError when the limit persists, and when nothing answers', async () => {
    simulator.injectFaults('code-100410', 'code-100410', 'code-100410');
    await expect(client({ maxRetries: 2 }).checkInvite('10000001')).rejects.toBeInstanceOf(
      ExchangeUnavailableError,
    );
    const unreachable = new BingxClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: KEY,
      apiSecret: SECRET,
      backoffMs: 1,
      maxRetries: 1,
    });
    await expect(unreachable.checkInvite('10000001')).rejects.toBeInstanceOf(
      ExchangeUnavailableError,
    );
  });

  it('stays within 5 requests per second', async () => {
    const c = client({ requestsPerSecond: 5 });
    await Promise.all(Array.from({ length: 6 }, () => c.checkInvite('10000001')));
    const times = simulator.requestTimes;
    expect(times).toHaveLength(6);
    expect(times[5]! - times[0]!).toBeGreaterThanOrEqual(950);
  });

  it('splits long ranges into windows of at most 30 days and pages through each', async () => {
    const days: Record<
      string,
      { tradingVolume: string; commissionVolume: string; copyTradingVolume: string }
    > = {};
    for (let d = 0; d < 75; d++) {
      const day = new Date(Date.UTC(2026, 7, 1) + d * 86_400_000)
        .toISOString()
        .slice(0, 10)
        .replaceAll('-', '');
      days[day] = {
        tradingVolume: String(100 + d),
        commissionVolume: '1',
        copyTradingVolume: String(d),
      };
    }
    for (let u = 0; u < 3; u++) simulator.setAccount(String(20000000 + u), { invited: true, days });
    const rows = await client().dailyCommissions({
      from: new Date('2026-08-01T00:00:00Z'),
      to: new Date('2026-10-14T00:00:00Z'),
    });
    const mine = rows.filter((r) => r.uid.startsWith('2000000'));
    expect(mine).toHaveLength(225);
    expect(new Set(mine.map((r) => `${r.uid}:${r.day}`)).size).toBe(225);
  });
});

describe('windowsOf', () => {
  it('covers every day once in windows of at most 30 days', () => {
    expect(windowsOf(new Date('2026-01-01T10:00:00Z'), new Date('2026-03-05T00:00:00Z'))).toEqual([
      { start: '20260101', end: '20260130' },
      { start: '20260131', end: '20260301' },
      { start: '20260302', end: '20260305' },
    ]);
  });
});
