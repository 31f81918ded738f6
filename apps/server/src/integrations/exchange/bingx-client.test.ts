import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BingxClient } from './bingx-client';
import { windowsOf } from './bingx-days';
import { BingxSimulator } from './bingx-simulator';
import { unblockTime } from './bingx-transport';
import {
  ExchangeIncompleteError,
  ExchangeRequestError,
  ExchangeUnavailableError,
} from './exchange';

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
  simulator.requestPaths.length = 0;
  simulator.mode = 'normal';
  simulator.commissionApis = { v1: 'ms', v2: 'day' };
  simulator.limits.reset();
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
      directInvitation: true,
      registeredAt: new Date(Date.UTC(2025, 0, 15)),
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
    // `data: null`: no relation with the agent. Not invited; nothing else is known.
    expect(await c.checkInvite('99999999')).toMatchObject({
      invited: false,
      kycDone: null,
      deposited: null,
      balanceUsdt: null,
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
        volumes: { tradingVolume: '10', commissionVolume: '0.1', extCopyTradingVolume: '10' },
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

  it('backs off and retries on code 100410 without an end time, 80012 "service unavailable" and server errors', async () => {
    simulator.injectFaults('code-100410', 'code-80012-unavailable', 'http-500');
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

describe('unknown is not zero', () => {
  it('a sparse answer leaves the figures unknown, never 0 or false', async () => {
    simulator.setAccount('30000001', {
      invited: true,
      kycDone: true,
      deposited: true,
      balanceUsdt: '500',
      traded: true,
      days: { '20261101': { tradingVolume: '5', commissionVolume: '1', copyTradingVolume: '5' } },
    });
    simulator.mode = 'sparse';
    expect(await client().checkInvite('30000001')).toMatchObject({
      invited: true,
      kycDone: null,
      deposited: null,
      balanceUsdt: null,
      traded: null,
    });
    const [row] = await client().dailyCommissions(
      { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-01T00:00:00Z') },
      '30000001',
    );
    expect(row).toMatchObject({ uid: '30000001', copyTradingVolume: null, commissionVolume: '1' });
    const list = await client().listInvitees();
    expect(list.invitees.get('30000001')).toMatchObject({ invited: true, balanceUsdt: null });
  });

  it('short pages are an incomplete answer, not the whole list', async () => {
    const days: Record<
      string,
      { tradingVolume: string; commissionVolume: string; copyTradingVolume: string }
    > = {};
    for (let d = 1; d <= 30; d++)
      days[`202611${String(d).padStart(2, '0')}`] = {
        tradingVolume: '1',
        commissionVolume: '1',
        copyTradingVolume: '1',
      };
    for (let u = 0; u < 8; u++) simulator.setAccount(String(31000000 + u), { invited: true, days });
    simulator.mode = 'short-pages';
    await expect(
      client().dailyCommissions({
        from: new Date('2026-11-01T00:00:00Z'),
        to: new Date('2026-11-20T00:00:00Z'),
      }),
    ).rejects.toBeInstanceOf(ExchangeIncompleteError);
    for (let u = 0; u < 400; u++) simulator.setAccount(String(32000000 + u), { invited: true });
    expect((await client().listInvitees()).complete).toBe(false);
    simulator.mode = 'normal';
    expect((await client().listInvitees()).complete).toBe(true);
  });
});

describe('both commission API versions, both date formats, days in UTC+8', () => {
  const oneDay = { from: new Date('2026-11-02T00:00:00Z'), to: new Date('2026-11-02T00:00:00Z') };
  beforeAll(() => {
    simulator.setAccount('33000001', {
      invited: true,
      days: {
        '20261101': { tradingVolume: '1', commissionVolume: '0.1', copyTradingVolume: '1' },
        '20261102': { tradingVolume: '2', commissionVolume: '0.2', copyTradingVolume: '2' },
        '20261103': { tradingVolume: '3', commissionVolume: '0.3', copyTradingVolume: '3' },
      },
    });
  });

  it.each([
    ['v2', 'day', 'day'],
    ['v2', 'ms', 'ms'],
    ['v1', 'ms', 'ms'],
    ['v1', 'day', 'day'],
  ] as const)(
    '%s taking %s dates: finds the format and remembers it',
    async (api, takes, found) => {
      simulator.commissionApis = { [api]: takes };
      const c = client({ commissionApi: api });
      const rows = await c.dailyCommissions(oneDay, '33000001');
      expect(rows).toEqual([
        {
          uid: '33000001',
          day: '20261102',
          tradingVolume: '2',
          commissionVolume: '0.2',
          copyTradingVolume: '2',
          volumes: { tradingVolume: '2', commissionVolume: '0.2', extCopyTradingVolume: '2' },
        },
      ]);
      expect(c.dateFormat).toBe(found);
      const calls = simulator.requestTimes.length;
      await c.dailyCommissions(oneDay, '33000001');
      expect(simulator.requestTimes.length).toBe(calls + 1);
      expect(simulator.requestPaths.every((p) => p.includes(`/agent/${api}/`))).toBe(true);
    },
  );

  it('the other version missing is an error the operator sees, not an empty list', async () => {
    simulator.commissionApis = { v1: 'ms' };
    await expect(client({ commissionApi: 'v2' }).dailyCommissions(oneDay)).rejects.toThrow();
  });

  it('refuses a window older than 365 days before calling', async () => {
    const before = simulator.requestTimes.length;
    const old = new Date(Date.now() - 400 * 86_400_000);
    await expect(client().dailyCommissions({ from: old, to: new Date() })).rejects.toThrow(
      /365 days/,
    );
    expect(simulator.requestTimes.length).toBe(before);
  });
});

describe('busy, rate limits and bans', () => {
  it('retries 100500 (system busy) with backoff', async () => {
    simulator.setAccount('34000001', { invited: true });
    simulator.injectFaults('code-100500', 'code-100500');
    expect((await client().checkInvite('34000001')).invited).toBe(true);
    expect(simulator.requestTimes).toHaveLength(3);
  });

  it('a ban with an unblock time stops every call until then, without retries', async () => {
    const bans: unknown[] = [];
    const c = client({ onBan: (ban) => bans.push(ban) });
    simulator.mode = 'banned';
    simulator.bannedUntil = Date.now() + 60_000;
    await expect(c.checkInvite('34000001')).rejects.toBeInstanceOf(ExchangeUnavailableError);
    expect(simulator.requestTimes).toHaveLength(1);
    await expect(c.listInvitees()).rejects.toThrow(/paused until/);
    expect(simulator.requestTimes).toHaveLength(1);
    expect(bans).toHaveLength(1);
    expect(c.transport.state.breakerOpenUntil?.getTime()).toBe(simulator.bannedUntil);
  });

  it('HTTP 418 (address banned) is never retried: calls stop and administrators are told', async () => {
    const bans: { kind: string }[] = [];
    const c = client({ onBan: (ban) => bans.push(ban) });
    simulator.mode = 'ip-banned';
    await expect(c.checkInvite('34000001')).rejects.toBeInstanceOf(ExchangeUnavailableError);
    await expect(c.checkInvite('34000001')).rejects.toThrow(/paused until/);
    expect(simulator.requestTimes).toHaveLength(1);
    expect(bans).toMatchObject([{ kind: 'IP' }]);
  });

  it('reads unblock times in seconds, milliseconds and ISO form', () => {
    expect(unblockTime('it will be unblocked after 1732521600000')).toBe(1732521600000);
    expect(unblockTime('unblocked after 1732521600')).toBe(1732521600000);
    expect(unblockTime('will be unblocked at 2026-11-25T10:00:00Z')).toBe(
      Date.parse('2026-11-25T10:00:00Z'),
    );
    expect(unblockTime('rate limited')).toBeNull();
  });
});

describe('the daily sweep in bulk', () => {
  it('reads 100,000 invitees in at most 600 calls, newest first', async () => {
    const sweep = new BingxSimulator(KEY, SECRET);
    const url = await sweep.listen();
    try {
      for (let u = 0; u < 100_000; u++)
        sweep.setAccount(String(50_000_000 + u), {
          invited: true,
          kycDone: true,
          deposited: true,
          balanceUsdt: '150',
        });
      sweep.limits.perWindow = 1_000_000;
      const c = client({ baseUrl: url, requestsPerSecond: 5000 });
      const list = await c.listInvitees();
      expect(list.complete).toBe(true);
      expect(list.invitees.size).toBe(100_000);
      expect(sweep.requestTimes.length).toBeLessThanOrEqual(600);
    } finally {
      await sweep.close();
    }
  }, 120_000);
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
