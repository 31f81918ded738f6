import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../lib/logger';
import { BINGX_PATHS, BingxClient, copyVolumeByUid } from './bingx-client';
import { ERROR_LIMIT } from './bingx-budget';
import { classifyAnswer, unblockTime } from './bingx-errors';
import { checkBingx, checkClock, logClockAtStart } from './bingx-preflight';
import { BingxSimulator } from './bingx-simulator';
import { ExchangeParameterError } from './exchange';

/** BingX's documented error behaviours, each over HTTP against the simulator (decision 037). */

const KEY = 'sim-key';
const SECRET = 'sim-secret-0123456789';
let simulator: BingxSimulator;

const client = (overrides: Partial<ConstructorParameters<typeof BingxClient>[0]> = {}) =>
  new BingxClient({
    baseUrl: simulator.baseUrl,
    apiKey: KEY,
    apiSecret: SECRET,
    backoffMs: 10,
    requestsPerSecond: 50,
    ...overrides,
  });

/** A logger that keeps what it is told. */
function recordingLogger() {
  const lines: { level: string; obj: object; msg: string | undefined }[] = [];
  const log: Logger = {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
  return { log, lines };
}

beforeAll(async () => {
  simulator = new BingxSimulator(KEY, SECRET);
  await simulator.listen();
  simulator.setAccount('10000001', { invited: true, kycDone: true, balanceUsdt: '150' });
});
afterAll(() => simulator.close());
beforeEach(() => {
  simulator.requestTimes.length = 0;
  simulator.requestPaths.length = 0;
  simulator.mode = 'normal';
  simulator.clockOffsetMs = 0;
  simulator.afterInviteePage = null;
  simulator.limits.reset();
  simulator.limits.enforce = false;
  simulator.limits.perWindow = 5;
  simulator.commissionApis = { v1: 'ms', v2: 'day' };
});

describe('bans', () => {
  it.each(['unblocked-after', 'retry-after'] as const)(
    'the "%s" ban text opens the breaker until its end time, without retries',
    async (text) => {
      const bans: { kind: string; until: Date }[] = [];
      const c = client({ onBan: (ban) => bans.push(ban) });
      simulator.mode = 'banned';
      simulator.banText = text;
      simulator.bannedUntil = Date.now() + 120_000;
      await expect(c.checkInvite('10000001')).rejects.toThrow(/paused until/);
      await expect(c.listInvitees()).rejects.toThrow(/paused until/);
      expect(simulator.requestTimes).toHaveLength(1);
      expect(bans).toEqual([
        { kind: 'API', until: new Date(simulator.bannedUntil), message: expect.any(String) },
      ]);
    },
  );

  it('reads both texts BingX documents', () => {
    expect(
      unblockTime(
        'code:100410:The endpoint trigger frequency limit rule is currently in the disabled period and will be unblocked after 1727193814249',
      ),
    ).toBe(1727193814249);
    expect(
      unblockTime(
        'over 20 error code:100202 requests within 480000 ms for this api, please verify and fix it ,can retry after time: 1727193970155',
      ),
    ).toBe(1727193970155);
  });
});

describe('80012 by its message', () => {
  it('"parameter error" is our bug: sent once, not retried, logged with the request\'s shape and no secret', async () => {
    const { log, lines } = recordingLogger();
    simulator.injectFaults('code-80012-parameter');
    await expect(client({ log }).checkInvite('10000001')).rejects.toBeInstanceOf(
      ExchangeParameterError,
    );
    expect(simulator.requestTimes).toHaveLength(1);
    const line = lines.find((l) => l.level === 'error')!;
    expect(line.obj).toEqual({
      path: BINGX_PATHS.inviteRelationCheck,
      parameters: ['uid'],
      code: 80012,
      msg: 'Parameter error',
    });
    expect(JSON.stringify(lines)).not.toContain(SECRET);
    expect(JSON.stringify(lines)).not.toContain('10000001');
  });

  it('"service unavailable" is retried', async () => {
    simulator.injectFaults('code-80012-unavailable', 'code-80012-unavailable');
    expect((await client().checkInvite('10000001')).invited).toBe(true);
    expect(simulator.requestTimes).toHaveLength(3);
  });
});

describe('HTTP 429 and 418', () => {
  it('a 429 pauses that lane and that endpoint at least 5 minutes: no retry, so no 418', async () => {
    const c = client();
    simulator.injectFaults('http-429');
    const before = Date.now();
    await expect(c.checkInvite('10000001', 'members')).rejects.toThrow(/429/);
    expect(simulator.requestTimes).toHaveLength(1);
    // The same lane and the same endpoint wait; nothing is sent.
    await expect(
      c.dailyCommissions({ from: new Date(), to: new Date() }, undefined, 'members'),
    ).rejects.toThrow(/members lane paused/);
    await expect(c.checkInvite('10000001', 'jobs')).rejects.toThrow(/inviteRelationCheck paused/);
    expect(simulator.requestTimes).toHaveLength(1);
    const pauses = c.transport.pauses();
    expect(pauses.map((p) => p.scope).sort()).toEqual([
      BINGX_PATHS.inviteRelationCheck,
      'members lane',
    ]);
    expect(pauses[0]!.until.getTime()).toBeGreaterThanOrEqual(before + 5 * 60_000);
    // The other lane on another endpoint goes on.
    expect((await c.listInvitees()).complete).toBe(true);
  });

  it('the simulator answers 418 to a call during a 429 pause (what the client avoids)', async () => {
    simulator.injectFaults('http-429');
    const bans: { kind: string }[] = [];
    await expect(client().checkInvite('10000001')).rejects.toThrow(/429/);
    // Another client, knowing nothing of the pause, asks again: BingX bans the address.
    await expect(client({ onBan: (b) => bans.push(b) }).checkInvite('10000001')).rejects.toThrow(
      /418/,
    );
    expect(bans).toMatchObject([{ kind: 'IP' }]);
  });

  it('a Retry-After longer than 5 minutes wins', () => {
    const now = 1_000_000;
    expect(classifyAnswer({ status: 429, retryAfterSeconds: 600, body: '' }, now)).toMatchObject({
      kind: 'slow-down',
      until: now + 600_000,
    });
    expect(classifyAnswer({ status: 429, retryAfterSeconds: 2, body: '' }, now)).toMatchObject({
      until: now + 300_000,
    });
  });
});

describe('our own error answers', () => {
  it('stay under 20 per endpoint in 8 minutes: then the endpoint pauses and administrators are told', async () => {
    const pauses: { path: string; until: Date }[] = [];
    const c = client({ onEndpointPause: (p) => pauses.push(p) });
    simulator.commissionApis = { v1: 'ms' };
    const oneDay = {
      from: new Date(Date.now() - 2 * 86_400_000),
      to: new Date(Date.now() - 2 * 86_400_000),
    };
    for (let i = 0; i < 25; i++) await c.dailyCommissions(oneDay).catch(() => undefined);
    // v2 is missing: each attempt is an error answer; the 20th is never sent.
    const sent = simulator.requestPaths.filter((p) => p === BINGX_PATHS.commissionDataList.v2);
    expect(sent).toHaveLength(ERROR_LIMIT);
    expect(pauses).toHaveLength(1);
    expect(pauses[0]!.path).toBe(BINGX_PATHS.commissionDataList.v2);
    expect(pauses[0]!.until.getTime()).toBeGreaterThan(Date.now() + 7 * 60_000);
    // BingX never had to ban us, and other endpoints go on.
    expect((await c.checkInvite('10000001')).invited).toBe(true);
  });
});

describe("the request budget follows BingX's headers", () => {
  it('spreads what is left of the window instead of earning a 429', async () => {
    simulator.limits.enforce = true;
    simulator.limits.perWindow = 3;
    const c = client({ requestsPerSecond: 50 });
    for (let i = 0; i < 7; i++) expect((await c.checkInvite('10000001')).invited).toBe(true);
    expect(simulator.requestTimes).toHaveLength(7);
    // 3 a second: 7 calls need at least two windows.
    expect(simulator.requestTimes[6]! - simulator.requestTimes[0]!).toBeGreaterThanOrEqual(1500);
  });
});

describe('UIDs are checked before any call', () => {
  it.each(['12345678901234567890', '9223372036854775808', '12a45', ''])(
    'refuses "%s"',
    async (uid) => {
      await expect(client().checkInvite(uid)).rejects.toBeInstanceOf(ExchangeParameterError);
      await expect(
        client().dailyCommissions({ from: new Date(), to: new Date() }, uid),
      ).rejects.toBeInstanceOf(ExchangeParameterError);
      expect(simulator.requestTimes).toHaveLength(0);
    },
  );
});

describe("the clock against BingX's server time", () => {
  it('a clock in step passes; 10 s off is named, and the signed call fails with 100421', async () => {
    expect(await checkClock(client())).toMatchObject({ answered: true, tooFar: false });
    simulator.clockOffsetMs = 10_000;
    const check = await checkBingx(client());
    expect(check.clock.tooFar).toBe(true);
    expect(check.clock.skewMs).toBeLessThan(-9000);
    expect(check.signedCall).toMatchObject({ ok: false, code: 100421 });
    expect(check.workingCommission).toEqual([]);
  });

  it('says which commission version and date format answer, and that no permissions endpoint does', async () => {
    const check = await checkBingx(client());
    expect(check.signedCall.ok).toBe(true);
    expect(check.workingCommission).toEqual([
      { api: 'v2', dateFormat: 'day' },
      { api: 'v1', dateFormat: 'ms' },
    ]);
    expect(check.permissions).toMatchObject({ answered: false, code: 100404 });
  });

  it('at start, a clock 10 s off is an error line naming the clock', async () => {
    const { log, lines } = recordingLogger();
    simulator.clockOffsetMs = 10_000;
    await logClockAtStart(client(), log);
    expect(lines).toMatchObject([
      { level: 'error', msg: expect.stringMatching(/clock is -10\.\d s off BingX/) },
    ]);
    simulator.clockOffsetMs = 0;
    lines.length = 0;
    await logClockAtStart(client(), log);
    expect(lines).toMatchObject([{ level: 'info' }]);
  });

  it('the server time endpoint is not signed and answers when the clock is off', async () => {
    simulator.clockOffsetMs = -7000;
    const { skewMs } = await client().transport.serverTime(BINGX_PATHS.serverTime);
    expect(skewMs).toBeGreaterThan(6500);
    expect(skewMs).toBeLessThan(7500);
  });
});

describe('inviteAccountList newest first', () => {
  it('reads every invitee when one registers between pages', async () => {
    const sim = new BingxSimulator(KEY, SECRET);
    await sim.listen();
    try {
      sim.limits.perWindow = 1000;
      for (let u = 0; u < 450; u++)
        sim.setAccount(String(60_000_000 + u), {
          invited: true,
          registerTime: Date.UTC(2026, 0, 1) + u * 60_000,
        });
      let registered = false;
      sim.afterInviteePage = (page) => {
        if (page !== 2 || registered) return;
        registered = true;
        sim.setAccount('69999999', { invited: true, registerTime: Date.now() });
      };
      const list = await client({ baseUrl: sim.baseUrl }).listInvitees();
      expect(list.invitees.size).toBe(451);
      expect(list.complete).toBe(true);
      expect(list.invitees.has('69999999')).toBe(true);
    } finally {
      await sim.close();
    }
  });
});

describe('copy-trading evidence fields', () => {
  const day = { from: new Date('2026-11-03T00:00:00Z'), to: new Date('2026-11-04T00:00:00Z') };
  beforeAll(() => {
    simulator.setAccount('70000001', {
      invited: true,
      days: {
        '20261103': {
          tradingVolume: '10',
          commissionVolume: '1',
          copyTradingVolume: '0',
          fields: { swapTradingVolume: '7.25' },
        },
        '20261104': {
          tradingVolume: '5',
          commissionVolume: '1',
          copyTradingVolume: '0.5',
          fields: { swapTradingVolume: '1.000001' },
        },
      },
    });
  });

  it('sums the configured fields per row and per UID, exactly', async () => {
    const c = client({ copyVolumeFields: ['extCopyTradingVolume', 'swapTradingVolume'] });
    const rows = await c.dailyCommissions(day, '70000001');
    expect(rows.map((r) => r.copyTradingVolume)).toEqual(['7.25', '1.500001']);
    expect(copyVolumeByUid(rows)).toEqual(new Map([['70000001', '8.750001']]));
    expect(rows[0]!.volumes).toEqual({
      tradingVolume: '10',
      commissionVolume: '1',
      extCopyTradingVolume: '0',
      swapTradingVolume: '7.25',
    });
  });

  it('a configured field missing from a row makes the sum unknown, not zero', async () => {
    const c = client({ copyVolumeFields: ['extCopyTradingVolume', 'mt5TradingVolume'] });
    const rows = await c.dailyCommissions(day, '70000001');
    expect(rows.map((r) => r.copyTradingVolume)).toEqual([null, null]);
    expect(copyVolumeByUid(rows).get('70000001')).toBeNull();
  });
});
