import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Envelope } from '@ctn/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app';
import { createServices, type ServiceOptions, type Services } from '../src/services';
import { parseConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { totpCode } from '../src/modules/two-factor/totp';
import { checkAnswersAgainstDocument } from './contract-check';

/**
 * A real app on a real database for one test file: in-memory PGlite by default, or a fresh
 * database on the PostgreSQL server of DATABASE_URL (CI runs the suite both ways).
 */
export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: Database;
  config: Config;
  rootCode: string;
  close(): Promise<void>;
}

export const ROOT_CODE = 'ROOTCODE';
const serverUrl = process.env['DATABASE_URL'];

/** What a test may set: the app's options and the services' (one logger serves both). */
export type TestAppOptions = Omit<AppOptions, 'config' | 'database' | 'services'> &
  Omit<ServiceOptions, 'log'>;

export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { url, drop } = await freshDatabase();
  const config = testConfig(url, env);
  const database = await openDatabase(config.database, await pgliteSnapshot(config));
  await migrate(database);
  const { app, services, close } = await startApp(config, database, options);
  const root = await services.auth.ensureRoot(ROOT_CODE);
  return {
    app,
    services,
    database,
    config,
    rootCode: root.code,
    async close() {
      await close();
      await database.close();
      await drop();
    },
  };
}

/** The services and the app over them, as main.ts builds them; `close` ends both. */
export async function startApp(
  config: Config,
  database: Database,
  options: TestAppOptions = {},
): Promise<{ app: FastifyInstance; services: Services; close(): Promise<void> }> {
  const {
    webDir,
    logger,
    checkSerialization = true,
    checkAnswers = checkAnswersAgainstDocument,
    ...serviceOptions
  } = options;
  const composition = await createServices(config, database, {
    ...serviceOptions,
    ...(logger ? { log: logger } : {}),
  });
  const { services } = composition;
  const app = await buildApp({
    config,
    database,
    services,
    checkSerialization,
    checkAnswers,
    ...(webDir !== undefined ? { webDir } : {}),
    ...(logger ? { logger } : {}),
  });
  return {
    app,
    services,
    async close() {
      await app.close();
      // A delivery round started by the last registration may still be using the database.
      await services.mail.drain();
      await composition.close();
    },
  };
}

let snapshot: Promise<Blob | null> | undefined;

/**
 * A migrated in-memory PGlite to start from (test/pglite-snapshot.ts), read once per file;
 * nothing on PostgreSQL or a PGlite in a folder.
 */
async function pgliteSnapshot(config: Config): Promise<{ pgliteSnapshot?: Blob }> {
  if (config.database.kind !== 'pglite' || config.database.dataDir !== null) return {};
  snapshot ??= (async () => {
    const path = inject('pgliteSnapshot');
    return path ? new Blob([await readFile(path)]) : null;
  })();
  const blob = await snapshot;
  return blob ? { pgliteSnapshot: blob } : {};
}

/** The configuration of a test server on the database at `url`. */
export function testConfig(url: string, env: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: 'http://app.test',
    // The budget's own tests are the client's; the apps keep the pace they always had.
    BINGX_RATE_PER_SECOND: '5',
    ...env,
  });
}

export function usingPostgres(): boolean {
  return serverUrl?.startsWith('postgres') ?? false;
}

/** A new empty database on the PostgreSQL server of DATABASE_URL, or in-memory PGlite. */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!usingPostgres() || !serverUrl) return { url: 'memory://', drop: async () => undefined };
  const name = `ctn_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

/** One JSON call through inject(); every answer must be the envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
): Promise<ApiAnswer<T>> {
  const response = await app.inject({
    method,
    url,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  const body = response.json<Envelope<T>>();
  return { status: response.statusCode, body };
}

let ipCounter = 0;
/** A distinct client address, so per-address throttles only bite where a test aims at them. */
export function nextIp(): string {
  ipCounter += 1;
  return `192.0.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let counter = 0;
/** A unique email per call, so tests never collide. */
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const STRONG_PASSWORD = 'Str0ng@Pass';

export async function register(t: TestApp, overrides: Record<string, unknown> = {}, ip?: string) {
  const body = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    referredByCode: t.rootCode,
    ...overrides,
  };
  const answer = await call<{ requiresVerification: boolean }>(
    t.app,
    'POST',
    '/api/users/register',
    { body, ip: ip ?? nextIp() },
  );
  return { ...answer, email: String(body.email).toLowerCase(), password: String(body.password) };
}

/** The newest mail to `email` in the outbox, and the token of its first link. */
export async function latestMail(t: TestApp, email: string) {
  const mails = await t.services.mail.listMailbox();
  const mail = mails.find((m) => m.toAddress === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const link = mail.textBody.match(/https?:\/\/\S+/)?.[0] ?? '';
  const token = new URL(link).searchParams.get('token') ?? '';
  return { mail, link, token };
}

/** Registers, verifies through the mailed link and signs in: a ready member. */
export async function signedInMember(t: TestApp, overrides: Record<string, unknown> = {}) {
  const registered = await register(t, overrides);
  const { token: verifyToken } = await latestMail(t, registered.email);
  await call(t.app, 'POST', '/api/users/verify-email', { body: { token: verifyToken } });
  const login = await call<{ token: string; user: { _id: string; referralCode: string } }>(
    t.app,
    'POST',
    '/api/users/login',
    {
      body: { email: registered.email, password: registered.password },
      ip: nextIp(),
    },
  );
  if (!login.body.data) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return {
    email: registered.email,
    password: registered.password,
    token: login.body.data.token,
    user: login.body.data.user,
  };
}

/**
 * Makes a member one who may withdraw under the live rules: subscription paid for a month and a
 * BingX UID linked (as the payment watcher and the link step would leave them).
 */
export async function inGoodStanding(t: TestApp, userId: string): Promise<void> {
  await t.database.db.execute(sql`update users
    set paid_until = now() + interval '30 days', subscription_paid_at = now(),
        bingx_uid = coalesce(bingx_uid, 'T' || substr(md5(id::text), 1, 12))
    where id = ${userId}`);
}

/** A signed-in member whose subscription is paid (onboarding step 1 done): may link a UID. */
export async function paidMember(t: TestApp, overrides: Record<string, unknown> = {}) {
  const m = await signedInMember(t, overrides);
  await t.database.db.execute(sql`update users
    set paid_until = now() + interval '30 days', subscription_paid_at = now()
    where id = ${m.user._id}`);
  return m;
}

/** The test administrator's authenticator key (administrators sign in with a second factor). */
export const ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * The administrator of this test app, signed in with password and authenticator code. A code
 * works once: the account's last used step is cleared first, as if its previous sign-in was 30 s
 * earlier, so a test file can sign in as often as it needs.
 */
/** The preamble the admin route tests share: the file's app and an administrator signed in to it. */
export async function appWithAdmin(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const t = await createTestApp(env, options);
  return { t, admin: await signedInAdmin(t) };
}

export async function signedInAdmin(t: TestApp) {
  const email = 'admin@example.com';
  const password = 'Admin@Password1';
  await t.services.auth.ensureAdmin(email, password, ADMIN_TOTP_SECRET);
  await t.database.db.execute(sql`update user_two_factor set last_used_step = 0
    where user_id = (select id from users where email = ${email})`);
  const login = await call<{ token: string; user: { _id: string } }>(
    t.app,
    'POST',
    '/api/users/login',
    {
      body: { email, password, totpCode: totpCode(ADMIN_TOTP_SECRET) },
      ip: nextIp(),
    },
  );
  if (!login.body.data) throw new Error(`admin login failed: ${JSON.stringify(login.body)}`);
  return { token: login.body.data.token, user: login.body.data.user };
}
