import { isErrorCode } from '@ctn/contracts/errors';
import { DEFAULT_REWARD_SETTINGS, DEFAULT_SYSTEM_SETTINGS } from '@ctn/contracts/settings';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntry } from '../../src/modules/ledger/ledger.service';
import {
  call,
  createTestApp,
  latestMail,
  register,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../test-app';
import { percentEncode } from './payloads';
import type { FuzzContext } from './plausible-values';
import { requestsFor, type FuzzRequest } from './route-requests';
import { field, shapesOf, type RouteShape } from './route-shapes';

/**
 * Every registered route (walked from the app's own route table, /dev routes included), sent
 * generated hostile requests as anonymous, member, administrator and a forged token. Whatever
 * comes in: never a 5xx, every /api and /dev/api answer is JSON in the envelope with a catalogue
 * code, and every answer carries the security headers. Nothing is skipped: what a request may
 * change for the next ones (saved settings, the member's session after a password change) is put
 * back after it. The /api/docs answers and CSV files are not envelopes; only their status and
 * headers count.
 *
 * A failure prints fast-check's seed and the shrunk request. FUZZ_SCALE=10 runs five times as many
 * requests per route; FUZZ_REPORT=1 prints the statuses each route answered (how deep it got).
 */

// Top-level await: the route table must exist when the tests are declared, one per route.
const t: TestApp = await createTestApp();
const FORGED =
  'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDAiLCJ2ZXIiOjB9.';
const tokens: Record<FuzzRequest['who'], string | null> = {
  anonymous: null,
  member: null,
  admin: null,
  forged: FORGED,
};
const ctx: FuzzContext = {
  ids: [],
  tokens: [],
  userIds: [],
  emails: [],
  codes: [t.rootCode],
  uids: [],
};
let adminActor = { id: '', email: '', ip: null as string | null };

async function credit(userId: string, usdt: number) {
  await postEntry(t.database.db, {
    userId,
    kind: 'REWARD_DIRECT',
    sourceKey: `fuzz:${userId}`,
    delta: { available: BigInt(usdt * 1e6), earned: BigInt(usdt * 1e6) },
  });
}

/** A member with a pending withdrawal and a draft cycle: real ids for the routes to find. */
async function seed() {
  const victim = await signedInMember(t);
  await credit(victim.user._id, 100);
  await call(t.app, 'POST', '/api/otp/withdrawal/request', { token: victim.token });
  const mail = (await t.services.mail.listMailbox()).find(
    (m) => m.toAddress === victim.email && m.subject.includes('withdrawal code'),
  );
  const otp = mail?.textBody.match(/code for a withdrawal is (\d{6})/)?.[1] ?? '000000';
  const withdrawal = await call<{ _id: string }>(t.app, 'POST', '/api/withdrawals', {
    token: victim.token,
    body: {
      amount: 20,
      walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      asset: 'USDT',
      otp,
    },
  });
  const cycle = await call<{ _id: string }>(t.app, 'POST', '/api/rewards/admin/cycles/preview', {
    token: tokens.admin ?? '',
    body: {
      source: 'CSV',
      periodStart: '2026-01-01',
      periodEnd: '2026-01-28',
      csv: 'uid,amount\n100000001,50\n42,7',
    },
  });
  const profile = await call<{ userId: string; referralCode: string }>(
    t.app,
    'GET',
    '/api/users/profile',
    { token: victim.token },
  );
  ctx.ids.push(
    victim.user._id,
    withdrawal.body.data?._id ?? '',
    cycle.body.data?._id ?? '',
    mail?.id ?? '',
  );
  ctx.userIds.push(profile.body.data?.userId ?? 'CT1000001');
  ctx.emails.push(victim.email, 'admin@example.com');
  ctx.codes.push(profile.body.data?.referralCode ?? 'TRADEWAY');
  // Mailed link tokens: a reset for the victim, a verification for someone not yet verified.
  await call(t.app, 'POST', '/api/users/forgot-password', { body: { email: victim.email } });
  const unverified = await register(t);
  ctx.tokens.push((await latestMail(t, victim.email)).token);
  ctx.tokens.push((await latestMail(t, unverified.email)).token);
  const demo = await call<{ uids?: { uid: string }[] }>(
    t.app,
    'GET',
    '/dev/api/exchange/demo-uids',
  );
  ctx.uids.push(...(demo.body.data?.uids ?? []).map((d) => d.uid), '100000001');
  ctx.ids = ctx.ids.filter(Boolean);
}

beforeAll(async () => {
  const member = await signedInMember(t);
  await credit(member.user._id, 50);
  const admin = await signedInAdmin(t);
  tokens.member = member.token;
  tokens.admin = admin.token;
  adminActor = { id: admin.user._id, email: 'admin@example.com', ip: null };
  await seed();
}, 120_000);
afterAll(() => t.close());

await t.app.ready();
const shapes = new Map<string, RouteShape>([
  ...shapesOf(t.app.swagger()),
  // Hidden from the document (development tools), described by hand.
  ['POST /dev/api/simulate-payment', { path: [], query: [], body: [field('amount', 'number')] }],
  ['GET /dev/mail/:id', { path: [field('id', 'string')], query: [], body: null }],
]);

function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
  const token = tokens[request.who];
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(request.contentType !== null ? { 'content-type': request.contentType } : {}),
    },
    ...(request.payload !== null ? { payload: request.payload } : {}),
    remoteAddress: request.ip,
  });
}

/** The envelope's extra fields where member section 7 reads them (lib/envelope.ts okBeside). */
const FIELDS_BESIDE_DATA: Record<string, string[]> = {
  '/api/users/register': ['requiresVerification'],
  '/api/users/login': ['requiresVerification', 'token', 'user'],
};

/** What every answer must be, whatever was sent. */
function checkAnswer(request: FuzzRequest, response: LightMyRequestResponse): void {
  const label = `${request.method} ${request.url.slice(0, 300)} as ${request.who}: ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, label).toBeLessThan(500);
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['content-security-policy'], label).toContain("frame-ancestors 'none'");
  const path = request.url.split('?')[0] ?? '';
  const isFile =
    path.startsWith('/api/docs') || (path.endsWith('/export') && response.statusCode === 200);
  if (!(path.startsWith('/api/') || path.startsWith('/dev/api/')) || isFile) return;
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  // Member section 7 reads some fields of a login or registration beside the envelope: there
  // they repeat data's values, and only on success.
  const beside = body['success'] === true ? (FIELDS_BESIDE_DATA[path] ?? []) : [];
  expect(Object.keys(body).sort(), label).toEqual(
    ['data', 'error', 'errorCode', 'message', 'success', ...beside].sort(),
  );
  for (const key of beside)
    expect(body[key], label).toEqual((body['data'] as Record<string, unknown>)[key]);
  expect(typeof body['success'], label).toBe('boolean');
  expect(typeof body['message'], label).toBe('string');
  if (body['success'] === false) {
    expect(body['errorCode'], label).toBe(body['message']);
    expect(isErrorCode(body['errorCode']), label).toBe(true);
    expect(typeof body['error'], label).toBe('string');
  } else {
    expect(body['error'], label).toBeNull();
    expect(body['errorCode'], label).toBeNull();
  }
}

/**
 * What a request may change for the next ones is put back: saved settings (maintenance on,
 * say), and a password change, which ends the caller's session and answers a new token.
 */
async function restore(request: FuzzRequest, response: LightMyRequestResponse): Promise<void> {
  if (request.url.startsWith('/api/users/change-password') && response.statusCode === 200) {
    const token = (JSON.parse(response.body) as { data: { token: string } }).data.token;
    tokens[request.who] = token;
  }
  if (request.method !== 'PUT' || !request.url.startsWith('/api/admin/settings/')) return;
  await t.services.settings.saveSystem(adminActor, DEFAULT_SYSTEM_SETTINGS);
  await t.services.settings.saveRewards(adminActor, DEFAULT_REWARD_SETTINGS);
}

/** FUZZ_REPORT=1 prints the statuses each route answered: how deep the requests got. */
const statuses = new Map<string, Map<number, number>>();
function tally(route: { method: string; url: string }, status: number): void {
  const key = `${route.method} ${route.url}`;
  const counts = statuses.get(key) ?? new Map<number, number>();
  counts.set(status, (counts.get(status) ?? 0) + 1);
  statuses.set(key, counts);
}
afterAll(() => {
  if (!process.env['FUZZ_REPORT']) return;
  for (const [key, counts] of statuses)
    console.log(key.padEnd(55), [...counts].map(([s, n]) => `${s}x${n}`).join(' '));
});

/** Fewer runs where each request does real work (argon2id, a cycle, a compliance pass). */
function runsFor(route: { method: string; url: string }): number {
  const scale = Number(process.env['FUZZ_SCALE'] ?? 2);
  const base = /\/(register|login|reset-password|change-password)$/.test(route.url)
    ? 60
    : route.url.endsWith('/compliance/run') || route.url.endsWith('/run')
      ? 30
      : route.method === 'GET'
        ? 100
        : 150;
  return Math.max(1, Math.round(base * scale));
}

describe('fuzzing every route', () => {
  it('walks a route table that has the app in it', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(50);
    expect(t.app.routeTable.some((r) => r.url.startsWith('/dev/'))).toBe(true);
  });

  for (const route of t.app.routeTable) {
    it(`${route.method} ${route.url}`, async () => {
      const shape = shapes.get(`${route.method} ${route.url}`);
      await fc.assert(
        fc.asyncProperty(requestsFor(route, shape, ctx), async (request) => {
          const response = await send(request);
          tally(route, response.statusCode);
          await restore(request, response);
          checkAnswer(request, response);
        }),
        // Bounded in time as well as in runs: a slow database (CI's PostgreSQL, a busy
        // machine) gets fewer runs, never a timeout.
        { numRuns: runsFor(route), interruptAfterTimeLimit: 8_000, verbose: 1 },
      );
    }, 60_000);
  }

  it('unknown paths and methods answer the envelope too', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        async (method, segments) => {
          const request: FuzzRequest = {
            method,
            url: `/api/${segments.map(percentEncode).join('/')}`,
            who: 'anonymous',
            contentType: null,
            payload: null,
            ip: '203.0.113.9',
          };
          checkAnswer(request, await send(request));
        },
      ),
      { numRuns: 60 },
    );
  });
});
