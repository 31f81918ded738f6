import type { OtpRequestResponse, Withdrawal } from '@ctn/contracts/withdrawals';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  call,
  createTestApp,
  inGoodStanding,
  signedInMember,
  type TestApp,
} from '../../test/test-app';
import { postEntry } from '../modules/ledger/ledger.service';

/**
 * GET /metrics against the real app: what the series say after real requests, jobs and
 * withdrawals, and who may read them.
 */
const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let withToken: TestApp;
beforeAll(async () => {
  [t, withToken] = await Promise.all([createTestApp(), createTestApp({ METRICS_TOKEN: TOKEN })]);
});
afterAll(() => Promise.all([t.close(), withToken.close()]));

const scrape = (app: TestApp, options: { ip?: string; headers?: Record<string, string> } = {}) =>
  app.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.headers ?? {},
  });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a text exposition (prom-client writes no timestamps). */
function samples(text: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = line.match(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const pair of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1]!] = pair[2]!;
    }
    found.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return found;
}

/** The value of the one sample with this name and (at least) these labels. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const matching = samples(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (matching.length !== 1) {
    throw new Error(`${matching.length} samples of ${name} ${JSON.stringify(labels)}`);
  }
  return matching[0]!.value;
}

async function scrapeText(app: TestApp): Promise<string> {
  const response = await scrape(app);
  expect(response.statusCode).toBe(200);
  return response.body;
}

const expectRefused = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  expect(response.body).not.toContain('http_request_duration_seconds');
};

describe('GET /metrics', () => {
  it('answers the Prometheus text format with the process series', async () => {
    const response = await scrape(t);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(response.body).toContain('# TYPE job_runs_total counter');
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect(response.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('times requests by route pattern, never by raw URL; unrouted ones are "unmatched"', async () => {
    const id = crypto.randomUUID();
    await call(t.app, 'GET', '/api/health');
    await call(t.app, 'GET', '/api/health');
    const anonymous = await call(t.app, 'GET', `/api/withdrawals/${id}`);
    expect(anonymous.status).toBe(401);
    const lost = `/api/no-such-route-${id}`;
    expect((await call(t.app, 'GET', lost)).status).toBe(404);

    const text = await scrapeText(t);
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(valueOf(text, 'http_request_duration_seconds_count', health)).toBe(2);
    expect(valueOf(text, 'http_request_duration_seconds_sum', health)).toBeGreaterThan(0);
    expect(valueOf(text, 'http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
      2,
    );
    expect(
      valueOf(text, 'http_request_duration_seconds_count', {
        route: '/api/withdrawals/:id',
        status_code: '401',
      }),
    ).toBe(1);
    expect(
      valueOf(text, 'http_request_duration_seconds_count', {
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
  });

  it('counts job runs by job and outcome, and times them', async () => {
    t.app.metrics.observeJob('mail-outbox', 'ok', 0.2);
    // Detached from the object, as a scheduler holds it.
    const observe = t.app.metrics.observeJob;
    observe('mail-outbox', 'ok', 0.4);
    observe('mail-outbox', 'failed', 1.5);
    observe('compliance', 'ok', 30);

    const text = await scrapeText(t);
    const runs = (job_name: string, outcome: string) =>
      valueOf(text, 'job_runs_total', { job_name, outcome });
    expect(runs('mail-outbox', 'ok')).toBe(2);
    expect(runs('mail-outbox', 'failed')).toBe(1);
    expect(runs('compliance', 'ok')).toBe(1);
    expect(valueOf(text, 'job_duration_seconds_count', { job_name: 'mail-outbox' })).toBe(3);
    expect(valueOf(text, 'job_duration_seconds_sum', { job_name: 'mail-outbox' })).toBeCloseTo(2.1);
    expect(valueOf(text, 'job_duration_seconds_sum', { job_name: 'compliance' })).toBe(30);
  });

  it('keeps each app to its own series', async () => {
    const own = await scrapeText(t);
    const other = (await scrape(withToken, { headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(valueOf(own, 'job_runs_total', { job_name: 'mail-outbox', outcome: 'ok' })).toBe(2);
    expect(other).not.toContain('job_name="mail-outbox"');
    expect(other).not.toContain('route="/api/health"');
  });

  it('reports how far the payment watcher is behind the final block', async () => {
    const chain = t.services.peers.simulatedChain!;
    // Before the watcher's first scan there is no position to compare.
    expect(valueOf(await scrapeText(t), 'chain_lag_blocks')).toBe(-1);
    // Past the first blocks, where "final" (head - 2) is still clamped at block 0.
    chain.mine(10);
    await t.services.subscriptions.scan();
    expect(valueOf(await scrapeText(t), 'chain_lag_blocks')).toBe(0);
    chain.mine(5);
    expect(valueOf(await scrapeText(t), 'chain_lag_blocks')).toBe(5);
    await t.services.subscriptions.scan();
    expect(valueOf(await scrapeText(t), 'chain_lag_blocks')).toBe(0);
  });

  it("reports how long the payment watcher has failed and each fault's kind", async () => {
    const scan = vi.spyOn(t.services.subscriptions, 'scan');
    try {
      scan.mockRejectedValueOnce(new Error('The request took too long to respond.'));
      await expect(t.services.subscriptions.watch()).rejects.toThrow();
      const failing = await scrapeText(t);
      expect(valueOf(failing, 'chain_watcher_faults', { kind: 'timeout' })).toBe(1);
      expect(valueOf(failing, 'chain_watcher_failing_seconds')).toBeGreaterThanOrEqual(0);
      expect(t.services.subscriptions.health.failingSeconds()).toBeGreaterThanOrEqual(0);
      scan.mockRestore();
      await t.services.subscriptions.watch();
      expect(valueOf(await scrapeText(t), 'chain_watcher_failing_seconds')).toBe(0);
    } finally {
      scan.mockRestore();
    }
  });

  it('still answers when the chain fails or hangs: the lag is -1', async () => {
    const lag = vi.spyOn(t.services.subscriptions, 'chainLag');
    try {
      lag.mockRejectedValueOnce(new Error('node down'));
      const failed = await scrapeText(t);
      expect(valueOf(failed, 'chain_lag_blocks')).toBe(-1);
      expect(valueOf(failed, 'withdrawals_pending')).toBeGreaterThanOrEqual(0);

      lag.mockReturnValueOnce(new Promise(() => undefined));
      const started = Date.now();
      const hung = await scrapeText(t);
      expect(Date.now() - started).toBeLessThan(6_000);
      expect(valueOf(hung, 'chain_lag_blocks')).toBe(-1);
    } finally {
      lag.mockRestore();
    }
  });

  it('reports a pending withdrawal request: count, amount and age', async () => {
    const before = await scrapeText(t);
    expect(valueOf(before, 'withdrawals_pending')).toBe(0);
    expect(valueOf(before, 'withdrawals_pending_amount_micro_usdt')).toBe(0);
    expect(valueOf(before, 'withdrawals_pending_oldest_seconds')).toBe(0);

    const m = await signedInMember(t);
    await inGoodStanding(t, m.user._id);
    await postEntry(t.database.db, {
      userId: m.user._id,
      kind: 'REWARD_DIRECT',
      sourceKey: `test:${m.user._id}`,
      delta: { available: 40_000_000n, earned: 40_000_000n },
    });
    const asked = await call<OtpRequestResponse>(t.app, 'POST', '/api/otp/withdrawal/request', {
      token: m.token,
    });
    expect(asked.status).toBe(200);
    const mail = (await t.services.mail.listMailbox()).find(
      (x) => x.toAddress === m.email && x.subject.includes('withdrawal code'),
    );
    const otp = mail?.textBody.match(/code for a withdrawal is (\d{6})/)?.[1];
    expect(otp).toBeDefined();
    const made = await call<Withdrawal>(t.app, 'POST', '/api/withdrawals', {
      token: m.token,
      body: {
        amount: 12.5,
        walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        asset: 'USDT',
        otp,
      },
    });
    expect(made.status).toBe(200);
    expect(made.body.data?.status).toBe('PENDING');

    const after = await scrapeText(t);
    expect(valueOf(after, 'withdrawals_pending')).toBe(1);
    expect(valueOf(after, 'withdrawals_pending_amount_micro_usdt')).toBe(12_500_000);
    const age = valueOf(after, 'withdrawals_pending_oldest_seconds');
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });
});

describe('who may read /metrics', () => {
  it('without a token: loopback callers only, everyone else a 404 envelope', async () => {
    expect((await scrape(t, { ip: '::1' })).statusCode).toBe(200);
    expect((await scrape(t, { ip: '::ffff:127.0.0.1' })).statusCode).toBe(200);
    expectRefused(await scrape(t, { ip: '203.0.113.7' }));
    expectRefused(await scrape(t, { ip: '10.0.0.2' }));
  });

  it('without a token: a request relayed by a proxy on this host is refused', async () => {
    // Behind a local reverse proxy every request arrives from loopback.
    expectRefused(await scrape(t, { headers: { 'x-forwarded-for': '127.0.0.1' } }));
    expectRefused(await scrape(t, { headers: { forwarded: 'for=127.0.0.1' } }));
  });

  it('with METRICS_TOKEN: the bearer token is required, from anywhere', async () => {
    expectRefused(await scrape(withToken));
    expectRefused(await scrape(withToken, { headers: { authorization: 'Bearer wrong' } }));
    expectRefused(
      await scrape(withToken, { headers: { authorization: `Bearer ${TOKEN}-and-more` } }),
    );
    expectRefused(await scrape(withToken, { headers: { authorization: `Basic ${TOKEN}` } }));
    const remote = await scrape(withToken, {
      ip: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toContain('http_request_duration_seconds');
  });

  it('is a public route to the authorization matrix, not a session route', () => {
    const entries = t.app.routeTable.filter((r) => r.url === '/metrics');
    expect(entries).toEqual([{ method: 'GET', url: '/metrics', auth: undefined }]);
  });
});
