import type { CycleDetail } from '@ctn/contracts/cycles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config';
import { openDatabase, rowsOf, type Database } from '../../src/db/client';
import { LedgerService } from '../../src/modules/ledger/ledger.service';
import { anvilAvailable, startAnvil, type LocalChain } from '../evm/anvil';
import { redisAvailable, startRedis, type LocalRedis } from '../redis';
import { totpCode } from '../../src/modules/two-factor/totp';
import {
  ADMIN_TOTP_SECRET,
  freshDatabase,
  STRONG_PASSWORD,
  uniqueEmail,
  usingPostgres,
} from '../test-app';
import { startInstance, type Instance } from './instances';

/**
 * Two server processes on one PostgreSQL, one Redis and one EVM node behave as one: payments
 * are detected once, a reward cycle run through both credits once, jobs never overlap, and
 * sign-in throttling counts across both. Needs PostgreSQL (CI's second pass), redis-server and
 * anvil: PGlite is one process's database, so there is nothing to share without them.
 */
const runnable = usingPostgres() && redisAvailable() && anvilAvailable();
const USDT = 10n ** 18n;
const ADMIN = { email: 'ops@example.com', password: 'Admin@Password1' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | null>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe.skipIf(!runnable)('two instances on one PostgreSQL and one Redis', () => {
  let chain: LocalChain;
  let redis: LocalRedis;
  let database: Database;
  let dropDatabase: () => Promise<void>;
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;
  const members: { email: string; id: string; token: string; code: string; address: string }[] = [];
  let adminToken: string;

  const query = <T>(q: ReturnType<typeof sql>) => rowsOf<T>(database.db, q);

  beforeAll(async () => {
    [chain, redis] = await Promise.all([startAnvil(), startRedis()]);
    const fresh = await freshDatabase();
    dropDatabase = fresh.drop;
    const env = {
      DATABASE_URL: fresh.url,
      REDIS_URL: redis.url,
      JWT_SECRET: 'scale-out-secret-scale-out-secret-0123',
      CHAIN_ID: String(chain.chainId),
      CHAIN_RPC_URL: chain.rpcUrl,
      USDT_CONTRACT: chain.usdt,
      CHAIN_POLL_SECONDS: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Administrators need a second factor; the deployment enrols this one at start.
      ADMIN_TOTP_SECRET,
      ROOT_REFERRAL_CODE: 'ROOTCODE',
    };
    // Started together on an empty database: migrations and the bootstrap take turns.
    const started = await Promise.allSettled([startInstance('a', env), startInstance('b', env)]);
    for (const s of started) if (s.status === 'fulfilled') instances.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    [a, b] = instances as [Instance, Instance];
    database = await openDatabase(
      parseConfig({ NODE_ENV: 'test', DATABASE_URL: fresh.url }).database,
    );

    // A chain of four members under the root, each step through the other instance.
    let referrer = 'ROOTCODE';
    for (let i = 0; i < 4; i++) {
      const [here, there] = i % 2 ? [b, a] : [a, b];
      const email = uniqueEmail('scale');
      const registered = await here.call('POST', '/api/users/register', {
        body: {
          firstName: 'Scale',
          lastName: `Out${i}`,
          email,
          password: STRONG_PASSWORD,
          referredByCode: referrer,
        },
      });
      expect(registered.status).toBe(201);
      const [mail] = await query<{ text_body: string }>(
        sql`select text_body from mail_outbox where to_address = ${email}
             order by next_attempt_at desc limit 1`,
      );
      const token = new URL(mail!.text_body.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
      expect(
        (await there.call('POST', '/api/users/verify-email', { body: { token } })).status,
      ).toBe(200);
      const login = await there.call<{
        token: string;
        user: { _id: string; referralCode: string };
      }>('POST', '/api/users/login', { body: { email, password: STRONG_PASSWORD } });
      const user = login.body.data!.user;
      // Linked through the exchange in real life; each process has its own BingX simulator, so
      // the UID is written here rather than linked through one of them.
      const [row] = await query<{ address: string }>(
        sql`update users set bingx_uid = ${`77000${i}`} where id = ${user._id}
            returning wallet_address as address`,
      );
      members.push({
        email,
        id: user._id,
        token: login.body.data!.token,
        code: user.referralCode,
        address: row!.address,
      });
      referrer = user.referralCode;
    }
    const admin = await b.call<{ token: string }>('POST', '/api/users/login', {
      body: { ...ADMIN, totpCode: totpCode(ADMIN_TOTP_SECRET) },
    });
    adminToken = admin.body.data!.token;
  }, 180_000);

  afterAll(async () => {
    const codes = await Promise.all(instances.map((instance) => instance.stop()));
    await database?.close();
    await dropDatabase?.();
    await Promise.all([chain?.stop(), redis?.stop()]);
    // Both shut down gracefully, jobs and all.
    expect(codes).toEqual(instances.map(() => 0));
  }, 60_000);

  it('detects each payment once while both watchers and members on both instances look', async () => {
    // Members pay as soon as they have their address, whether or not a watcher has looked yet:
    // each address is scanned from the block at which it was handed out (decision 014).
    for (const m of members) await chain.pay(m.address as `0x${string}`, 10n * USDT);
    await chain.mine(64); // anvil's finalized block trails the head by 64

    // Members refresh on both instances while both instances' watchers scan.
    await Promise.all(
      members.flatMap((m) =>
        [a, b].map((instance) =>
          instance.call('GET', '/api/users/refresh-subscription', { token: m.token }),
        ),
      ),
    );
    await until('every member paid', async () => {
      const [row] = await query<{ n: number }>(
        sql`select count(*)::int as n from users where bingx_uid like '77000%' and paid_until > now()`,
      );
      return row!.n === members.length ? true : null;
    });
    await sleep(3_000); // a few more watcher periods over the same blocks

    const payments = await query<{ user_id: string; n: number; periods: number }>(
      sql`select user_id, count(*)::int as n, sum(periods_added)::int as periods
            from subscription_payments group by user_id`,
    );
    expect(payments).toHaveLength(members.length);
    expect(payments.every((p) => p.n === 1 && p.periods === 1)).toBe(true);

    // DIRECT rewards: 20/10/5% of 10 USDT to the three uplines of each payer, once.
    const direct = await query<{ email: string; micro: string; lines: number }>(
      sql`select u.email, sum(r.reward_micro)::text as micro, count(*)::int as lines
            from rewards r join users u on u.id = r.user_id
           where r.type = 'DIRECT' group by u.email`,
    );
    const byEmail = Object.fromEntries(direct.map((d) => [d.email, d]));
    expect(byEmail[members[0]!.email]).toMatchObject({ micro: '3500000', lines: 3 });
    expect(byEmail[members[1]!.email]).toMatchObject({ micro: '3000000', lines: 2 });
    expect(byEmail[members[2]!.email]).toMatchObject({ micro: '2000000', lines: 1 });

    // The watcher ran in periods claimed one at a time: no two runs of it ever overlapped.
    const runs = await query<{ instance: string; started: Date; finished: Date | null }>(
      sql`select instance, started_at as started, finished_at as finished from job_runs
           where job = 'payment-watcher' and outcome = 'OK' order by started_at`,
    );
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < runs.length; i++)
      expect(new Date(runs[i]!.started).getTime()).toBeGreaterThanOrEqual(
        new Date(runs[i - 1]!.finished!).getTime(),
      );
    expect((await new LedgerService(database.db).verify()).mismatches).toEqual([]);
  }, 120_000);

  it('credits a reward cycle once when it is run through both instances at the same moment', async () => {
    const csv = ['uid,amount', ...members.map((_, i) => `77000${i},${100 * (i + 1)}`)].join('\n');
    const prepared = await a.call<CycleDetail>('POST', '/api/rewards/admin/cycles/preview', {
      token: adminToken,
      body: { source: 'CSV', periodStart: '2026-11-01', periodEnd: '2026-11-07', csv },
    });
    expect(prepared.status).toBe(200);
    const id = prepared.body.data!._id;
    const expectedLines = prepared.body.data!.preview.payoutByLevel.reduce(
      (s, l) => s + l.lines,
      0,
    );
    expect(expectedLines).toBeGreaterThan(0);

    const runs = await Promise.all(
      [a, b, a, b].map((instance) =>
        instance.call<CycleDetail>('POST', `/api/rewards/admin/cycles/${id}/run`, {
          token: adminToken,
        }),
      ),
    );
    expect(runs.every((r) => r.status === 200)).toBe(true);
    const done = await until('the cycle to complete', async () => {
      const detail = await b.call<CycleDetail>('GET', `/api/rewards/admin/cycles/${id}`, {
        token: adminToken,
      });
      return detail.body.data!.status === 'COMPLETED' ? detail.body.data! : null;
    });

    const [lines] = await query<{ n: number }>(
      sql`select count(*)::int as n from rewards where cycle_id = ${id}`,
    );
    expect(lines!.n).toBe(expectedLines);
    expect(done.rewardLines).toBe(expectedLines);
    // Run again, through the other instance: nothing more.
    await a.call('POST', `/api/rewards/admin/cycles/${id}/run`, { token: adminToken });
    const [again] = await query<{ n: number }>(
      sql`select count(*)::int as n from rewards where cycle_id = ${id}`,
    );
    expect(again!.n).toBe(expectedLines);
    const audited = await query<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'REWARD_CYCLE_RUN'`,
    );
    expect(audited[0]!.n).toBe(1);
    expect((await new LedgerService(database.db).verify()).mismatches).toEqual([]);
  }, 120_000);

  it('counts failed sign-ins across both instances: the limit holds wherever the next try lands', async () => {
    const victim = members[3]!;
    const failures: number[] = [];
    for (let i = 0; i < 5; i++) {
      const instance = i % 2 ? b : a;
      failures.push(
        (
          await instance.call('POST', '/api/users/login', {
            body: { email: victim.email, password: 'Wrong@Pass1' },
          })
        ).status,
      );
    }
    expect(failures).toEqual([401, 401, 401, 401, 401]);
    const next = await b.call('POST', '/api/users/login', {
      body: { email: victim.email, password: STRONG_PASSWORD },
    });
    expect(next.status).toBe(429);
    expect(next.body.errorCode).toBe('TOO_MANY_REQUESTS');
  });
});
