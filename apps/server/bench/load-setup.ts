// Setup pieces of npm run bench:load: the child servers' environment, the machine's facts,
// background work kept out of the measured minutes, sign-in, the measured routes and their check.
import { availableParallelism, cpus, loadavg } from 'node:os';
import { loginResponseSchema, userSchema } from '@ctn/contracts/accounts';
import { adminUsersResponseSchema } from '@ctn/contracts/admin';
import { referralHistoryResponseSchema } from '@ctn/contracts/referrals';
import { memberRewardsResponseSchema, rewardStatsSchema } from '@ctn/contracts/rewards';
import { withdrawalsResponseSchema } from '@ctn/contracts/withdrawals';
import { sql } from 'drizzle-orm';
import type { Services } from '../src/services';
import { z } from 'zod';
import { rowsOf, type Db } from '../src/db/client';
import { totpCode } from '../src/modules/two-factor/totp';
import { BENCH_PASSWORD } from './load-data';
import { nextSourceAddress, request, type Child } from './load-support';

/**
 * Fixed, unlike the signing key (new each run): the administrator's second factor stored by an
 * earlier run must still open.
 */
export const BENCH_TWO_FACTOR_KEY = 'bench-two-factor-key-bench-two-factor-key';

/**
 * The child servers' whole environment (nothing else leaks in), the production configuration
 * as far as the measured reads go (issue 16): PostgreSQL, request
 * logs on (LOG_LEVEL=info, JSON lines to a file), one worker per core with the limits in Redis.
 * NODE_ENV stays test: production would also want a real chain node, SMTP and BingX keys, which
 * the reads never touch.
 */
export function serverEnv(
  databaseUrl: string,
  jwtSecret: string,
  dataDir: string,
  redisUrl: string,
): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: process.env['HOME'] ?? dataDir,
    // test: no demo data (development seeds it), and none of production's required secrets.
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WORKERS: String(availableParallelism()),
    REDIS_URL: redisUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    TWO_FACTOR_KEY: BENCH_TWO_FACTOR_KEY,
    DATA_DIR: dataDir,
  };
}

export async function machineFacts(db: Db, dist: boolean) {
  const [version] = await rowsOf<{ v: string }>(db, sql`select version() as v`);
  const settings = await rowsOf<{ name: string; setting: string }>(
    db,
    sql`select name, current_setting(name) as setting from pg_settings
         where name in ('shared_buffers', 'work_mem', 'fsync', 'synchronous_commit', 'jit',
                        'max_parallel_workers_per_gather')
         order by name`,
  );
  return {
    node: process.version,
    postgres: version?.v.split(',')[0] ?? '?',
    cpus: `${cpus().length} x ${cpus()[0]?.model ?? '?'}`,
    loadAverageBefore: loadavg().map((l) => Number(l.toFixed(2))),
    settings: Object.fromEntries(settings.map((s) => [s.name, s.setting])),
    server: dist
      ? 'apps/server/dist/main.js (node)'
      : 'apps/server/src/main.ts (node --import tsx)',
  };
}

/**
 * Background work that would otherwise land in the measured minutes: the expiry reminders of the
 * generated members and the "cycle credited" mails of the generated cycles (about 48k per cycle
 * the first time; the 2026-11-27 05:06 run measured them being queued and sent) are sent now,
 * and the daily compliance
 * sweep of 100k members, when the scheduler keeps its time in the database, is put a day later.
 */
export async function quietBackground(db: Db, services: Services): Promise<string> {
  const reminders = await services.subscriptions.sendExpiryReminders();
  const cycleMails = await services.cycles.announceCycles();
  const mails = await services.mail.deliverDue();
  let compliance = 'no scheduled_jobs table';
  const [table] = await rowsOf<{ t: string | null }>(
    db,
    sql`select to_regclass('scheduled_jobs')::text as t`,
  );
  if (table?.t) {
    const rows = await rowsOf<{ next: string }>(
      db,
      sql`insert into scheduled_jobs (name, next_run_at) values ('compliance', now() + interval '1 day')
          on conflict (name) do update set next_run_at = excluded.next_run_at
           where scheduled_jobs.next_run_at < now() + interval '1 hour'
             and scheduled_jobs.lease_until is null
          returning next_run_at::text as next`,
    );
    compliance = rows.length
      ? `daily compliance sweep moved to ${rows[0]?.next}`
      : 'compliance sweep not due';
  }
  return `${reminders} expiry reminders and ${cycleMails} cycle mails queued, ${mails} mails delivered to the dev mailbox; ${compliance}`;
}

export async function signIn(server: Child, email: string, totpSecret?: string): Promise<string> {
  const answer = await request(server.port, {
    method: 'POST',
    path: '/api/users/login',
    body: JSON.stringify({
      email,
      password: BENCH_PASSWORD,
      ...(totpSecret ? { totpCode: totpCode(totpSecret) } : {}),
    }),
    localAddress: nextSourceAddress(),
  });
  const token = (JSON.parse(answer.body) as { data?: { token?: string } }).data?.token;
  if (answer.status !== 200 || !token)
    throw new Error(
      `sign-in of ${email} failed: HTTP ${answer.status} ${answer.body.slice(0, 300)}`,
    );
  return token;
}

export interface RouteSpec {
  key: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The response's data schema (inside the envelope). */
  schema: z.ZodType;
  /** DB-backed authenticated read: held to the goals. */
  target: boolean;
  /** Its goal (issue 16): at least this share of the floor's req/s (bare + 1 prepared SELECT). */
  goal?: number;
  /** The floor, served by load-bare.ts, not the server. */
  reference: boolean;
}

export function routeSpecs(
  userNumber: string,
  member: string,
  admin: string,
  signInEmail: string,
): RouteSpec[] {
  const asMember = { authorization: `Bearer ${member}` };
  const read = (key: string, name: string, path: string, schema: z.ZodType, as = asMember) =>
    ({
      key,
      name,
      method: 'GET',
      path,
      headers: as,
      schema,
      target: true,
      reference: false,
    }) as const;
  const reference = (key: string, name: string, path: string) =>
    ({
      key,
      name,
      method: 'GET',
      path,
      headers: {},
      schema: z.unknown(),
      target: false,
      reference: true,
    }) as const;
  return [
    reference('bare-db-prepared', 'bare + 1 PK SELECT (pg, prepared)', '/bare-db-prepared'),
    // Goals of issue 16, as shares of the floor (bare + 1 prepared SELECT).
    { ...read('profile', 'profile', '/api/users/profile', userSchema), goal: 0.5 },
    {
      ...read('stats', 'reward stats', `/api/rewards/stats/${userNumber}`, rewardStatsSchema),
      goal: 0.35,
    },
    {
      ...read(
        'history',
        'referral history',
        '/api/users/referrals/history?page=1&limit=10',
        referralHistoryResponseSchema,
      ),
      goal: 0.35,
    },
    {
      ...read(
        'rewards',
        'rewards list',
        '/api/rewards/user?page=1&limit=10',
        memberRewardsResponseSchema,
      ),
      goal: 0.35,
    },
    {
      ...read(
        'withdrawals',
        'withdrawals list',
        '/api/withdrawals?page=1&limit=50',
        withdrawalsResponseSchema,
      ),
      goal: 0.35,
    },
    {
      ...read(
        'admin',
        'admin users list',
        '/api/users/admin/all?page=1&limit=10&sort=-createdAt',
        adminUsersResponseSchema,
        { authorization: `Bearer ${admin}` },
      ),
      goal: 0.25,
    },
    {
      key: 'signin',
      name: 'sign-in (argon2id)',
      method: 'POST',
      path: '/api/users/login',
      headers: {},
      body: JSON.stringify({ email: signInEmail, password: BENCH_PASSWORD }),
      schema: loginResponseSchema,
      target: false,
      reference: false,
    },
  ];
}

/** Every route answers 200 with success: true and its schema's shape before anything is measured. */
export async function checkRoutes(server: Child, bare: Child, routes: RouteSpec[]) {
  const answers: { route: RouteSpec; body: string }[] = [];
  const lines: string[] = [];
  for (const route of routes) {
    const answer = await request(route.reference ? bare.port : server.port, {
      method: route.method,
      path: route.path,
      headers: route.headers,
      ...(route.body ? { body: route.body } : {}),
      ...(route.method === 'POST' ? { localAddress: nextSourceAddress() } : {}),
    });
    const parsed = (() => {
      try {
        return JSON.parse(answer.body) as { success?: boolean; data?: unknown };
      } catch {
        return {};
      }
    })();
    const shape = route.schema.safeParse(parsed.data);
    if (answer.status !== 200 || parsed.success !== true || !shape.success)
      throw new Error(
        `${route.name} (${route.method} ${route.path}) answered HTTP ${answer.status}: ${answer.body.slice(0, 400)}`,
      );
    answers.push({ route, body: answer.body });
    lines.push(`${route.key} ${answer.body.length} B`);
  }
  console.log(`every route answers 200 with its schema's shape (${lines.join(', ')})\n`);
  return answers;
}
